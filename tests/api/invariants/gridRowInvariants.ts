import { expect, it } from 'vitest';
import { lastDays, type Market, type Row } from './market.js';
import { SLOW } from './slow.js';

const tuple = (row: Row, fields: readonly string[]) => JSON.stringify(fields.map((f) => row[f] ?? null));

/** The first tuple seen twice in `rows`, if any. */
function firstRepeat(rows: readonly Row[], fields: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const r of rows) {
    const t = tuple(r, fields);
    if (seen.has(t)) return t;
    seen.add(t);
  }
  return undefined;
}

/**
 * Grid rows an analyst can tell apart (Sellers need the channel, Visibility the
 * channel): on every monitoring grid, no two rows of a page read the same in every column shown,
 * and the grid's rowKey (the React key of a row) names one row only.
 */
export function gridRowInvariants(market: () => Market): void {
  it(
    'no two rows of a grid page read the same, and each rowKey names one row',
    async () => {
      const m = market();
      let grids = 0;
      const problems: string[] = [];
      for (const [key, screen] of m.snapshot.screens) {
        for (const w of screen.widgets) {
          if (w.kind !== 'grid') continue;
          const q = screen.queries?.find((x) => x.id === w.query);
          if (!q) continue;
          const params = { ...lastDays(m, 7), ...(q.paged ? { limit: 200, offset: 0 } : {}) };
          const { rows } = await m.rows(q.endpoint, params);
          if (rows.length < 2) continue;
          grids++;
          const shown = w.columns.map((c) => c.field);
          const same = firstRepeat(rows, shown);
          if (same) problems.push(`${key} ${w.id}: two rows read ${same}`);
          const sameKey = w.rowKey && firstRepeat(rows, w.rowKey);
          if (sameKey)
            problems.push(`${key} ${w.id}: two rows have rowKey ${w.rowKey!.join(', ')} = ${sameKey}`);
        }
      }
      expect(problems).toEqual([]);
      expect(grids).toBeGreaterThan(30);
    },
    180_000 * SLOW,
  );
}
