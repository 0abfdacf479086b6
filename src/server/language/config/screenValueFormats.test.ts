import { describe, expect, it } from 'vitest';
import type { GridColumnNode } from '../../../shared/config.gen.js';
import { formatValue } from '../../../shared/format/index.js';
import { loadConfigSnapshot } from './loadConfigRegistry.js';
import { REPO_SCREENS_DIR } from './testing/screensFixture.js';

const snapshot = loadConfigSnapshot(REPO_SCREENS_DIR);

/** The format a screen's grid column prints `field` with (its kind names the format). */
function columnKind(screenKey: string, field: string): GridColumnNode['kind'] {
  const screen = snapshot.screens.get(screenKey)!;
  for (const w of screen.widgets)
    if (w.kind === 'grid') {
      const col = w.columns.find((c) => 'field' in c && c.field === field);
      if (col) return col.kind;
    }
  throw new Error(`${screenKey} has no grid column ${field}`);
}

/** The format a screen's dataset gives a measure (tiles print it so). */
function measureFormat(screenKey: string, measure: string): string | undefined {
  const screen = snapshot.screens.get(screenKey)!;
  return snapshot.datasets.get(screen.dataset!)!.measures.find((m) => m.id === measure)?.format;
}

/** Figures an analyst reads on a screen, printed the way the screen's config asks. */
describe('screen value formats', () => {
  it('changedetection prints counts as whole numbers and scores with their decimals', () => {
    const show = (field: string, v: number) => formatValue(v, columnKind('changedetection/data', field));
    expect([show('before', 3), show('after', 2), show('delta', -1)]).toEqual(['3', '2', '-1']);
    expect(show('after', 72.5)).toBe('72.5');
  });

  it('bid-history prints Change % with a % sign, on the tile and in the grid', () => {
    expect(formatValue(0.7, measureFormat('ams-historical-bid/bid-history', 'avg_change_pct'))).toBe('0.7%');
    expect(formatValue(0.7, columnKind('ams-historical-bid/bid-history', 'change_pct'))).toBe('0.7%');
  });

  it('display/ro_analysis prints Start and End as the other grids print dates', () => {
    for (const field of ['start_date', 'end_date'])
      expect(formatValue('2026-11-29', columnKind('display/ro_analysis', field)), field).toBe('29-Nov-2026');
  });
});
