import { describe, expect, it } from 'vitest';
import type { DatasetConfig, ScreenConfig } from '../../../shared/config.gen.js';
import { loadConfigSnapshot } from './loadConfigRegistry.js';
import { REPO_SCREENS_DIR } from './testing/screensFixture.js';

type Measure = DatasetConfig['measures'][number];
type Chart = Extract<ScreenConfig['widgets'][number], { kind: 'chart' }>;

const snapshot = loadConfigSnapshot(REPO_SCREENS_DIR);

/** The field lists of the chart's fold transforms (Vega-Lite `{ fold: [...] }`). */
function folds(chart: Chart): string[][] {
  const transforms = (chart.spec as { transform?: unknown[] }).transform ?? [];
  return transforms.flatMap((t) => {
    const fold = (t as { fold?: unknown }).fold;
    return Array.isArray(fold) ? [fold.filter((f): f is string => typeof f === 'string')] : [];
  });
}

function measuresOf(screen: ScreenConfig): Map<string, Measure> {
  const ds = screen.dataset === undefined ? undefined : snapshot.datasets.get(screen.dataset);
  return new Map((ds?.measures ?? []).map((m) => [m.id, m]));
}

/**
 * A chart that folds measures into one value axis draws them on one scale, so they must count one
 * unit: detection/data once put observations and products on one "Count" axis.
 * The outcome chart on detection/all once left Violations out, so its bars disagreed with the tiles.
 */
describe('folded chart measures', () => {
  it('share one unit per chart', () => {
    const mixed: string[] = [];
    for (const [key, screen] of snapshot.screens) {
      const measures = measuresOf(screen);
      for (const w of screen.widgets) {
        if (w.kind !== 'chart') continue;
        for (const fold of folds(w)) {
          const units = new Set(
            fold.flatMap((f) => {
              const unit = measures.get(f)?.unit; // measures without a declared unit are not compared
              return unit === undefined ? [] : [unit];
            }),
          );
          if (units.size > 1) mixed.push(`${key}#${w.id}: ${[...units].join(' + ')}`);
        }
      }
    }
    expect(mixed).toEqual([]);
  });

  it('cover every outcome on detection/all "Observations by outcome", so the bars add up to the tiles', () => {
    const screen = snapshot.screens.get('detection/all')!;
    const chart = screen.widgets.find((w): w is Chart => w.kind === 'chart' && w.id === 'typeChart')!;
    const measures = measuresOf(screen);
    const types = folds(chart)
      .flat()
      .flatMap((f) => {
        const m = measures.get(f);
        if (m?.kind !== 'countIf' || m.where.column !== 'violation_type') return [];
        return m.where.in ?? (m.where.equals === undefined ? [] : [m.where.equals]);
      });
    expect(types.map(Number).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
