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
});
