import type { ConfigRegistry, ConfigSnapshot } from '../../config/configRegistry.js';
import type { AreaConfig, ScreenConfig } from '../../../shared/config.gen.js';

const area = (id: string, label: string, order: number, tabs: string[]) =>
  ({ schemaVersion: 1, kind: 'area', id, label, icon: id, order, tabs }) as unknown as AreaConfig;
const screen = (a: string, id: string, title: string) =>
  ({
    schemaVersion: 1,
    kind: 'screen',
    area: a,
    id,
    title,
    permission: `${a}/${id}`,
  }) as unknown as ScreenConfig;

/** Three screens in two areas: the auth tests' config, apart from the product's screen files. */
export function smallConfig(): ConfigRegistry {
  const screens = [
    screen('stock', 'kpi', 'KPI'),
    screen('stock', 'data', 'Data'),
    screen('price', 'kpi', 'Price KPI'),
  ];
  const snapshot: ConfigSnapshot = {
    version: 1,
    areas: new Map([
      ['stock', area('stock', 'Stock', 20, ['kpi', 'data'])],
      ['price', area('price', 'Price', 30, ['kpi'])],
    ]),
    screens: new Map(screens.map((s) => [`${s.area}/${s.id}`, s])),
    datasets: new Map(),
    endpoints: new Map(),
  };
  return { current: () => snapshot, lastProblems: () => [], close: () => Promise.resolve() };
}
