import { expect, it } from 'vitest';
import type { ScreenConfig, ScreenQuery } from '../../../src/shared/config.gen.js';
import { indexDataset, type DatasetIndex } from '../../../src/server/language/model/datasetIndex.js';
import { lastDays, sum, type Market, type Row } from './market.js';
import { SLOW } from './slow.js';

/** Measures whose grid total is the sum of its rows. */
const ADDITIVE = new Set(['count', 'countIf', 'sum', 'sumIf']);
const COUNTS = new Set(['count', 'countIf', 'countDistinct', 'countDistinctIf']);

/**
 * A share of a whole, so within 0-100 by definition: a day share, a share of the total, or a
 * ratio of two counts in % (a ratio of sums such as a price gap may be negative).
 */
function isShare(ds: DatasetIndex, id: string): boolean {
  const m = ds.measures.get(id)!;
  if (!('scale' in m) || m.scale !== 100) return false;
  if (m.kind === 'shareOfTotal' || m.kind === 'entityDayShare') return true;
  if (m.kind !== 'ratio') return false;
  return [m.numerator, m.denominator].every((part) => COUNTS.has(ds.measures.get(part)!.kind));
}
const DATE_KEYS = new Set(['crawl_date', 'review_date', 'sale_date', 'start_date']);

interface ScreenQueries {
  key: string;
  screen: ScreenConfig;
  ds: DatasetIndex;
  queries: ScreenQuery[];
}

function monitoringScreens(m: Market): ScreenQueries[] {
  const out: ScreenQueries[] = [];
  for (const [key, screen] of m.snapshot.screens) {
    const config = screen.dataset ? m.snapshot.datasets.get(screen.dataset) : undefined;
    if (!config || !screen.queries?.length) continue;
    out.push({ key, screen, ds: indexDataset(config), queries: screen.queries });
  }
  return out;
}

const sameWhere = (a: ScreenQuery, b: ScreenQuery) =>
  JSON.stringify(a.where ?? []) === JSON.stringify(b.where ?? []);

/** Checks that hold on every screen: tiles equal grid totals, shares within 0-100, trends that move. */
export function screenInvariants(market: () => Market): void {
  it(
    'every KPI tile equals its grid total where both show the same additive measure',
    async () => {
      const m = market();
      let compared = 0;
      for (const { key, screen, ds, queries } of monitoringScreens(m)) {
        const tileQueries = new Set(screen.widgets.flatMap((w) => (w.kind === 'kpiTiles' ? [w.query] : [])));
        const gridQueries = new Set(screen.widgets.flatMap((w) => (w.kind === 'grid' ? [w.query] : [])));
        for (const tq of queries.filter((q) => tileQueries.has(q.id) && !q.groupBy?.length)) {
          for (const gq of queries.filter((q) => gridQueries.has(q.id) && q.paged && sameWhere(q, tq))) {
            const shared = tq.measures.filter(
              (id) => gq.measures.includes(id) && ADDITIVE.has(ds.measures.get(id)!.kind),
            );
            if (!shared.length) continue;
            const params = lastDays(m, 7);
            const tile = (await m.rows(tq.endpoint, params)).rows[0]!;
            const grid = await m.allRows(gq.endpoint, params);
            for (const id of shared) {
              // Money sums differ in the last float bits with the order of addition, nothing more.
              const total = tile[id] as number;
              expect(
                Math.abs(sum(grid, id) - total),
                `${key}: ${tq.endpoint} ${id} vs ${gq.endpoint}`,
              ).toBeLessThanOrEqual(Math.abs(total) * 1e-9);
              compared++;
            }
          }
        }
      }
      expect(compared).toBeGreaterThan(10);
    },
    120_000 * SLOW,
  );

  it(
    'every share (ratio, share of total, day share) is within 0-100 on every query',
    async () => {
      const m = market();
      for (const { key, ds, queries } of monitoringScreens(m)) {
        for (const q of queries) {
          const shares = q.measures.filter((id) => isShare(ds, id));
          if (!shares.length) continue;
          const rows: Row[] = q.paged
            ? await m.allRows(q.endpoint, lastDays(m, 7))
            : (await m.rows(q.endpoint, lastDays(m, 7))).rows;
          for (const r of rows)
            for (const id of shares) {
              const v = r[id];
              if (v === null) continue;
              expect(v as number, `${key} ${q.endpoint} ${id}`).toBeGreaterThanOrEqual(0);
              expect(v as number, `${key} ${q.endpoint} ${id}`).toBeLessThanOrEqual(100);
            }
        }
      }
    },
    120_000 * SLOW,
  );

  it(
    'every daily trend of a market measure varies over 30 days',
    async () => {
      const m = market();
      let trends = 0;
      for (const { key, queries } of monitoringScreens(m)) {
        for (const q of queries) {
          const keys = q.groupBy ?? [];
          if (keys.length !== 1 || !DATE_KEYS.has(keys[0]!)) continue;
          const { rows } = await m.rows(q.endpoint, lastDays(m, 30));
          if (rows.length < 20) continue; // plans by start date are events, not a daily series
          for (const id of q.measures) {
            const values = new Set(rows.map((r) => r[id]));
            expect(values.size, `${key} ${q.endpoint} ${id} over ${rows.length} days`).toBeGreaterThan(3);
          }
          trends++;
        }
      }
      expect(trends).toBeGreaterThan(8);
    },
    120_000 * SLOW,
  );

  it('Sales v2 and Sellers (beta) differ from Sales and Sellers, or say on screen why not', () => {
    const m = market();
    const shape = (key: string) =>
      JSON.stringify(
        m.snapshot.screens.get(key)!.queries!.map((q) => [q.groupBy ?? [], q.where ?? [], q.measures]),
      );
    for (const [beta, base] of [
      ['salesv2/kpi', 'sales/kpi'],
      ['salesv2/data', 'sales/data'],
      ['sellersbeta/kpi', 'sellers/kpi'],
      ['sellersbeta/data', 'sellers/data'],
      ['sellersbeta/mapping', 'sellers/mapping'],
    ] as const) {
      if (shape(beta) !== shape(base)) continue;
      const titles = m.snapshot.screens.get(beta)!.widgets.map((w) => ('title' in w ? (w.title ?? '') : ''));
      expect(titles.join(' '), `${beta} is ${base} again`).toMatch(/same .* as /i);
    }
  });
}
