import { expect, it } from 'vitest';
import type { ScreenConfig } from '../../../src/shared/config.gen.js';
import { commonDaysFields } from '../../../src/shared/commonDaysFields.js';
import { indexDataset, type DatasetIndex } from '../../../src/server/language/model/datasetIndex.js';
import { lastDays, num, type Market, type Row } from './market.js';

type Ratio = NonNullable<ReturnType<DatasetIndex['measures']['get']>> & { kind: 'ratio' };

/** The SQL of a side: a plain sum of one column, the only kind a cross-source ratio uses here. */
function sideColumn(ds: DatasetIndex, id: string): string {
  const m = ds.measures.get(id)!;
  if (m.kind !== 'sum') throw new Error(`${id}: a ${m.kind}, not a sum`);
  return m.column;
}

interface Span {
  lo: string | null;
  hi: string | null;
  n_hi: string | null;
  d_hi: string | null;
}

/**
 * A ratio whose sides come from sources ending on different days (ad spend and total sales)
 * divides over the days both have: every such tile equals its recomputation from the warehouse
 * over those days, names them, and lies within the range of its own daily chart; every grouped
 * query (brand rows) equals its recomputation per row too.
 */
export function commonDaysInvariants(market: () => Market): void {
  it('cross-source ratios (TACoS, Ad Sales Share): tiles, brand rows and daily charts read the common days', async () => {
    const m = market();
    const wh = m.server.server.app.deps.warehouse;
    let tiles = 0;
    let uneven = 0;
    for (const [key, screen] of m.snapshot.screens) {
      const config = screen.dataset ? m.snapshot.datasets.get(screen.dataset) : undefined;
      if (!config) continue;
      const ds = indexDataset(config);
      const ratios = [...ds.measures.values()].filter(
        (x): x is Ratio => x.kind === 'ratio' && x.commonDays !== undefined,
      );
      for (const r of ratios) {
        const period = lastDays(m, 7);
        const table = config.table;
        const date = config.dateColumn;
        const cond = (c: { column: string; equals?: unknown }) => `${c.column} = '${String(c.equals)}'`;
        const [span] = await wh.query<Span>(
          `SELECT CAST(GREATEST(n_lo, d_lo) AS VARCHAR) AS lo, CAST(LEAST(n_hi, d_hi) AS VARCHAR) AS hi,
                  CAST(n_hi AS VARCHAR) AS n_hi, CAST(d_hi AS VARCHAR) AS d_hi
             FROM (SELECT MIN(CASE WHEN ${cond(r.commonDays!.numerator)} THEN ${date} END) AS n_lo,
                          MAX(CASE WHEN ${cond(r.commonDays!.numerator)} THEN ${date} END) AS n_hi,
                          MIN(CASE WHEN ${cond(r.commonDays!.denominator)} THEN ${date} END) AS d_lo,
                          MAX(CASE WHEN ${cond(r.commonDays!.denominator)} THEN ${date} END) AS d_hi
                     FROM ${table} WHERE group_id = $1 AND ${date} >= $2 AND ${date} <= $3) s`,
          [1, period.start_date, period.end_date],
        );
        expect(span!.lo, `${key} ${r.id}: both sources have days`).not.toBeNull();
        if (span!.n_hi !== span!.d_hi) uneven++;
        const recompute = (groupColumn?: string) =>
          wh.query<{ k: unknown; v: number | null }>(
            `SELECT ${groupColumn ?? 'NULL'} AS k,
                    CAST(SUM(${sideColumn(ds, r.numerator)}) AS DOUBLE PRECISION) * ${r.scale ?? 1}
                      / NULLIF(SUM(${sideColumn(ds, r.denominator)}), 0) AS v
               FROM ${table} WHERE group_id = $1 AND ${date} >= $2 AND ${date} <= $3
              ${groupColumn ? `GROUP BY ${groupColumn}` : ''}`,
            [1, span!.lo, span!.hi],
          );
        for (const q of screen.queries ?? []) {
          if (!q.measures.includes(r.id)) continue;
          const keys = q.groupBy ?? [];
          if (keys.length > 1) continue;
          const { rows } = await m.rows(q.endpoint, period);
          if (keys.length === 0) {
            const tile = rows[0]!;
            const [expected] = await recompute();
            expect(num(tile, r.id), `${key} ${q.endpoint} ${r.id}`).toBeCloseTo(expected!.v!, 9);
            const f = commonDaysFields(r.id);
            expect([tile[f.from], tile[f.to]], `${key} ${r.id} names its days`).toEqual([span!.lo, span!.hi]);
            if (isTile(screen, q.id, r.id)) tiles++;
            const chart = dailyChartOf(screen, ds, r.id);
            if (!chart) continue;
            const daily = (await m.rows(chart, period)).rows
              .map((d: Row) => d[r.id])
              .filter((v): v is number => typeof v === 'number');
            expect(daily.length, `${key} ${chart}`).toBeGreaterThan(2);
            // A ratio of sums lies between its smallest and largest daily ratio.
            expect(num(tile, r.id), `${key} ${r.id} within its chart`).toBeGreaterThanOrEqual(
              Math.min(...daily) - 1e-9,
            );
            expect(num(tile, r.id), `${key} ${r.id} within its chart`).toBeLessThanOrEqual(
              Math.max(...daily) + 1e-9,
            );
            continue;
          }
          const dim = ds.dimensions.get(keys[0]!)!;
          if (dim.kind !== 'column' || dim.type === 'date') continue;
          const expected = new Map((await recompute(dim.column)).map((e) => [String(e.k), e.v]));
          for (const row of rows) {
            const want = expected.get(String(row[keys[0]!]));
            const got = row[r.id];
            if (want === null || want === undefined) expect(got, `${key} ${q.endpoint} ${r.id}`).toBeNull();
            else
              expect(got as number, `${key} ${q.endpoint} ${r.id} ${String(row[keys[0]!])}`).toBeCloseTo(
                want,
                9,
              );
          }
        }
      }
    }
    // advertising, advertising_beta and advertisingpg each show TACoS and Ad Sales Share tiles.
    expect(tiles).toBeGreaterThanOrEqual(6);
    // The demo's total sales end a day before its ads: the case this guards must occur.
    expect(uneven).toBeGreaterThan(0);
  });
}

function isTile(screen: ScreenConfig, queryId: string, measure: string): boolean {
  return screen.widgets.some(
    (w) => w.kind === 'kpiTiles' && w.query === queryId && w.tiles.some((t) => t.measure === measure),
  );
}

/** The endpoint of a chart of the measure per day (one date key), if the screen has one. */
function dailyChartOf(screen: ScreenConfig, ds: DatasetIndex, measure: string): string | undefined {
  const charted = new Set(screen.widgets.flatMap((w) => (w.kind === 'chart' ? [w.query] : [])));
  return screen.queries?.find(
    (q) =>
      charted.has(q.id) &&
      q.measures.includes(measure) &&
      q.groupBy?.length === 1 &&
      ds.dimensions.get(q.groupBy[0]!)?.type === 'date',
  )?.endpoint;
}
