import type { ConfigRegistry, ConfigSnapshot } from '../../../language/config/configRegistry.js';
import type { AreaConfig, ScreenConfig } from '../../../../shared/config.gen.js';

export const testArea = (id: string, label: string, order: number, tabs: string[]) =>
  ({ schemaVersion: 1, kind: 'area', id, label, icon: id, order, tabs }) as unknown as AreaConfig;
export const testScreen = (a: string, id: string, title: string) =>
  ({
    schemaVersion: 1,
    kind: 'screen',
    area: a,
    id,
    title,
    permission: `${a}/${id}`,
  }) as unknown as ScreenConfig;

/** Three screens in two areas, apart from the product's screen files: the access tests' config. */
export function smallConfigSnapshot(): ConfigSnapshot {
  const screens = [
    testScreen('stock', 'kpi', 'KPI'),
    testScreen('stock', 'data', 'Data'),
    testScreen('price', 'kpi', 'Price KPI'),
  ];
  return {
    version: 1,
    areas: new Map([
      ['stock', testArea('stock', 'Stock', 20, ['kpi', 'data'])],
      ['price', testArea('price', 'Price', 30, ['kpi'])],
    ]),
    screens: new Map(screens.map((s) => [`${s.area}/${s.id}`, s])),
    datasets: new Map(),
    caseRules: new Map(),
    endpoints: new Map(),
  };
}

/** The small config as a registry that never changes (the auth unit tests). */
export function smallConfig(): ConfigRegistry {
  const snapshot = smallConfigSnapshot();
  return { current: () => snapshot, lastProblems: () => [], close: () => Promise.resolve() };
}
