/**
 * Stock-out early warning against what happened (docs/metrics.md, Stock-out early warning): on the
 * demo market (500 SKUs x 91 days, seed 42, DuckDB in memory: the lost-sales baseline's lookback,
 * as the demo's 13 months give every listing), for each of the last AS_OF days D with a day D + 2
 * after it, the warnings as of D (the route's own function, every filter
 * off) against the quick-commerce listing-cities in stock on D that are out of stock two days
 * later (out, delisted, or 0% of dark stores on D + 2). Precision = warned and out / warned;
 * recall = warned and out / out; beside the base rate (out / in stock on D), the precision of
 * warning at random. `npm run bench -- --stockout-warnings-only`.
 */
import { generateWarehouse } from '../../src/server/demo/warehouse/generateWarehouse.js';
import { addDays, todayIso } from '../../src/server/demo/warehouse/calendar.js';
import { stockoutWarnings } from '../../src/server/features/stockoutWarnings/stockoutWarnings.js';
import { loadConfigSnapshot } from '../../src/server/language/config/loadConfigRegistry.js';
import { indexDataset } from '../../src/server/language/model/datasetIndex.js';
import { createDuckDbWarehouse } from '../../src/server/platform/warehouse/duckdb/duckDbWarehouse.js';

const AHEAD = 2;
/** As-of days evaluated (the newest, each with D + 2 in the data). */
const AS_OF = 29;

export async function benchStockoutWarnings(): Promise<void> {
  const wh = await createDuckDbWarehouse(':memory:');
  try {
    const end = todayIso();
    const load = await generateWarehouse(wh, {
      seed: 42,
      groups: [{ groupId: 1, name: 'Demo Brands' }],
      skusPerGroup: 500,
      days: 91,
      endDate: end,
    });
    console.log(
      `stock-out warning: demo tenant ${load.totalRows.toLocaleString('en-US')} rows in ${(load.ms / 1000).toFixed(1)} s`,
    );
    const ds = indexDataset(loadConfigSnapshot('screens').datasets.get('stock')!);
    const days = (
      await wh.query<{ d: string }>(
        `SELECT DISTINCT CAST(crawl_date AS VARCHAR) AS d FROM fact_stock WHERE group_id = 1 AND store_share IS NOT NULL ORDER BY d`,
      )
    ).map((r) => r.d);
    const key = (r: Record<string, unknown>) =>
      `${String(r.product_id)}/${String(r.channel_id)}/${String(r.city_id)}`;
    let warned = 0;
    let ranked = 0;
    let hits = 0;
    let outs = 0;
    let candidates = 0;
    let evaluated = 0;
    const ms: number[] = [];
    for (let i = Math.max(4, days.length - AHEAD - AS_OF); i < days.length; i++) {
      const d = days[i]!;
      const later = addDays(d, AHEAD);
      if (!days.includes(later)) continue;
      evaluated++;
      const t0 = performance.now();
      const answer = await stockoutWarnings(wh, ds, { groupId: 1, conditions: [], endDate: d });
      ms.push(performance.now() - t0);
      // In stock on D with dark-store data: the listing-cities a warning can be about.
      const inStock = new Set(
        (
          await wh.query(
            `SELECT product_id, channel_id, city_id FROM fact_stock WHERE group_id = 1 AND crawl_date = CAST($1 AS DATE)
               AND stock_status = 1 AND store_share > 0`,
            [d],
          )
        ).map(key),
      );
      const out = new Set(
        (
          await wh.query(
            `SELECT product_id, channel_id, city_id FROM fact_stock WHERE group_id = 1 AND crawl_date = CAST($1 AS DATE)
               AND (stock_status <> 1 OR store_share = 0)`,
            [later],
          )
        )
          .map(key)
          .filter((k) => inStock.has(k)),
      );
      candidates += inStock.size;
      outs += out.size;
      warned += answer.rows.length;
      ranked += answer.rows.filter((w) => w.rupees_per_day !== null).length;
      hits += answer.rows.filter((w) => out.has(key(w))).length;
    }
    ms.sort((a, b) => a - b);
    const pct = (a: number, b: number) => (b > 0 ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');
    console.log(
      `stock-out warning: ${evaluated} as-of days, ${candidates.toLocaleString('en-US')} quick-commerce listing-city-days in stock, ${outs.toLocaleString('en-US')} out ${AHEAD} days later (base rate ${pct(outs, candidates)}); ${warned.toLocaleString('en-US')} warnings, ${hits.toLocaleString('en-US')} right: precision ${pct(hits, warned)}, recall ${pct(hits, outs)}; ${pct(ranked, warned)} of warnings with a baseline (rupees a day); one day's warnings in p50 ${ms[ms.length >> 1]?.toFixed(0)} ms`,
    );
  } finally {
    await wh.close();
  }
}
