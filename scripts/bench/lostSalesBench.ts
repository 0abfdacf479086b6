/**
 * Lost-sales query speed on the demo tenant (500 SKUs x 35 days, the server's default demo):
 * the stock KPI tiles' `stats` query (lost sales and its inputs) over the last 7 days, compiled and
 * run as the server does, p50 / p95 of `runs` calls. DuckDB in memory, or PostgreSQL in the schema
 * bench_lost_sales of `pgUrl` (kept; the tenant generated again on another day). `npm run bench -- --lost-sales-only [--warehouse postgres]`.
 */
import { generateWarehouse } from '../../src/server/demo/warehouse/generateWarehouse.js';
import { addDays, todayIso } from '../../src/server/demo/warehouse/calendar.js';
import { loadConfigSnapshot } from '../../src/server/language/config/loadConfigRegistry.js';
import { indexDataset } from '../../src/server/language/model/datasetIndex.js';
import { ensureLostSalesTable, refreshLostSales } from '../../src/server/language/measures/lostSalesTable.js';
import { runScreenQuery } from '../../src/server/language/query/runScreenQuery.js';
import { createDuckDbWarehouse } from '../../src/server/platform/warehouse/duckdb/duckDbWarehouse.js';
import { pgSchemaWarehouse } from './pgSchemaWarehouse.js';
import type { Warehouse } from '../../src/server/platform/warehouse/warehouse.js';
import { recordTarget } from './targets.js';

const PG_SCHEMA = 'bench_lost_sales';

/**
 * `largeFile`: the large tenant's DuckDB file (`npm run demo:large`) instead of the generated demo
 * tenant; its last crawl day ends the week.
 */
export async function benchLostSales(
  dialect: 'duckdb' | 'postgres',
  pgUrl: string,
  runs = 20,
  largeFile = '',
): Promise<void> {
  let wh: Warehouse;
  if (largeFile) wh = await createDuckDbWarehouse(largeFile);
  else if (dialect === 'duckdb') wh = await createDuckDbWarehouse(':memory:');
  else {
    wh = await pgSchemaWarehouse(pgUrl, PG_SCHEMA);
  }
  const tenant = largeFile ? 'large' : 'demo';
  try {
    let end = todayIso();
    const [had] = await wh
      .query<{ d: string }>(`SELECT MAX(last_crawl_date) AS d FROM crawl_log WHERE group_id = 1`)
      .catch(() => [undefined]);
    if (largeFile) end = String(had!.d);
    else if (had?.d !== end) {
      const load = await generateWarehouse(wh, {
        seed: 42,
        groups: [{ groupId: 1, name: 'Demo Brands' }],
        skusPerGroup: 500,
        days: 35,
        endDate: end,
      });
      console.log(
        `lost sales (${dialect}): demo tenant ${load.totalRows.toLocaleString('en-US')} rows in ${(load.ms / 1000).toFixed(1)} s`,
      );
      if (dialect === 'postgres') await wh.exec('ANALYZE');
    }
    const snapshot = loadConfigSnapshot('screens');
    const screen = snapshot.screens.get('stock/kpi')!;
    const query = screen.queries!.find((q) => q.id === 'stats')!;
    const dataset = indexDataset(snapshot.datasets.get('stock')!);
    // The after-load step's cost: the tenant's lost-sales rows rebuilt (the table built first).
    const measure = dataset.measures.get('lost_sales');
    if (measure?.kind !== 'lostSales') throw new Error('the stock dataset has no lost_sales measure');
    await ensureLostSalesTable(wh, measure.model);
    const t1 = performance.now();
    await refreshLostSales(wh, 1);
    console.log(
      `lost sales (${dialect}): the ${tenant} tenant's listing-day rows rebuilt in ${Math.round(performance.now() - t1)} ms`,
    );
    const request = {
      conditions: [],
      startDate: addDays(end, -6),
      endDate: end,
      limit: 500,
      offset: 0,
      sort: null,
    };
    const time = async (measures: string[]) => {
      const ms: number[] = [];
      let figure: unknown;
      for (let i = 0; i < runs + 2; i++) {
        const t0 = performance.now();
        const { rows } = await runScreenQuery(
          wh,
          { screen, query: { ...query, measures }, dataset },
          request,
          1,
        );
        if (i >= 2) ms.push(performance.now() - t0);
        figure = rows[0]?.lost_sales;
      }
      ms.sort((a, b) => a - b);
      const at = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)]!;
      return { p50: at(0.5).toFixed(0), p95: at(0.95).toFixed(0), figure };
    };
    const lost = query.measures.filter((id) => dataset.measures.get(id)?.kind === 'lostSales');
    const only = await time(lost);
    const all = await time(query.measures);
    const without = await time(query.measures.filter((id) => !lost.includes(id)));
    const limit = largeFile ? 500 : 150;
    recordTarget(
      `lost sales p95 (stock KPI, 7 days), ${tenant} tenant, ${dialect}`,
      Number(only.p95),
      limit,
      'ms',
    );
    console.log(
      `lost sales (${dialect}, ${tenant} tenant): stock KPI stats, last 7 days, ${runs} runs: its lost-sales measures p50 ${only.p50} ms, p95 ${only.p95} ms (target p95 < ${limit} ms; lost sales ${String(only.figure)}); the whole query p50 ${all.p50} / p95 ${all.p95} ms, without lost sales p50 ${without.p50} / p95 ${without.p95} ms`,
    );
  } finally {
    await wh.close();
  }
}
