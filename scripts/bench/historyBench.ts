/**
 * History cost: a 7-day KPI must not slow down as history grows. The same tenant (seed, SKUs,
 * channels, cities, end date) is built twice, with 90 and with 396 days (13 months), and each
 * KPI's `stats` query over the last 7 days runs on both, compiled and run as the server does,
 * interleaved; the ratio of the medians (13 months / 90 days) has a target of 1.2.
 * DuckDB: DATA_DIR/bench/history-<days>.duckdb; PostgreSQL: schemas bench_history_<days> of
 * `pgUrl` with the product's rollups. Both kept until the end date changes.
 * `npm run bench -- --history-only [--warehouse duckdb|postgres|both] [--history-skus 200]`
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { addDays, todayIso } from '../../src/server/demo/warehouse/calendar.js';
import { generateWarehouse } from '../../src/server/demo/warehouse/generateWarehouse.js';
import { loadConfigSnapshot } from '../../src/server/language/config/loadConfigRegistry.js';
import { indexDataset } from '../../src/server/language/model/datasetIndex.js';
import { runScreenQuery } from '../../src/server/language/query/runScreenQuery.js';
import { createDuckDbWarehouse } from '../../src/server/platform/warehouse/duckdb/duckDbWarehouse.js';
import { pgSchemaWarehouse } from './pgSchemaWarehouse.js';
import { ensureRollups } from '../../src/server/platform/warehouse/rollups/ensureRollups.js';
import type { Warehouse } from '../../src/server/platform/warehouse/warehouse.js';
import { ensureHistoryTwin, largeTenantEnd } from './historyTwin.js';
import { recordTarget } from './targets.js';

const HISTORIES = [90, 396] as const;
const KPI_SCREENS = ['stock/kpi', 'sales/kpi', 'price/kpi'];
const HISTORY_RATIO_TARGET = 1.2;

interface HistoryBenchOptions {
  dialect: 'duckdb' | 'postgres';
  dataDir: string;
  pgUrl: string;
  skus: number;
  runs: number;
}

/** The tenant with `days` of history ending today, built unless it is already there. */
async function historyTenant(options: HistoryBenchOptions, days: number): Promise<Warehouse> {
  const { dialect, skus } = options;
  const name = `history_${days}_${skus}`;
  let wh: Warehouse;
  if (dialect === 'duckdb') {
    const dir = path.join(options.dataDir, 'bench');
    mkdirSync(dir, { recursive: true });
    wh = await createDuckDbWarehouse(path.join(dir, `${name}.duckdb`), { memory_limit: '500MB' });
  } else wh = await pgSchemaWarehouse(options.pgUrl, `bench_${name}`);
  const end = todayIso();
  const [had] = await wh
    .query<{ d: string }>('SELECT MAX(last_crawl_date) AS d FROM crawl_log WHERE group_id = 1')
    .catch(() => [undefined]);
  if (had?.d !== end) {
    const load = await generateWarehouse(wh, {
      seed: 42,
      groups: [{ groupId: 1, name: 'Demo Brands' }],
      skusPerGroup: skus,
      days,
      endDate: end,
    });
    console.log(
      `history (${dialect}): ${skus} SKUs x ${days} days, ${load.totalRows.toLocaleString('en-US')} rows in ${(load.ms / 1000).toFixed(1)} s`,
    );
    if (dialect === 'postgres') await wh.exec('ANALYZE');
  }
  return wh;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Prints each KPI's 7-day median on 90 days and on 13 months of history, and their ratio. */
export async function benchHistory(options: HistoryBenchOptions): Promise<boolean> {
  const tenants: Warehouse[] = [];
  for (const days of HISTORIES) tenants.push(await historyTenant(options, days));
  try {
    return await timeHistories(tenants, todayIso(), options.runs, options.dialect);
  } finally {
    for (const wh of tenants) await wh.close();
  }
}

/**
 * The same on the large tenant (`npm run demo:large`, 13 months) and its twin cut to the last 90
 * days (historyTwin.ts), DuckDB: both answers must be equal, the week's rows being the same.
 */
export async function benchLargeHistory(largeFile: string, runs: number): Promise<boolean> {
  const twin = await ensureHistoryTwin(largeFile, HISTORIES[0]);
  const end = await largeTenantEnd(largeFile);
  const tenants = [await createDuckDbWarehouse(twin), await createDuckDbWarehouse(largeFile)];
  try {
    return await timeHistories(tenants, end, runs, 'duckdb', 'large tenant');
  } finally {
    for (const wh of tenants) await wh.close();
  }
}

/** `tenants`: the 90-day one, then the 396-day one, both ending on `end`. */
async function timeHistories(
  tenants: readonly Warehouse[],
  end: string,
  runs: number,
  dialect: 'duckdb' | 'postgres',
  tenant = '',
): Promise<boolean> {
  const snapshot = loadConfigSnapshot('screens');
  const label = tenant ? `${tenant}, ${dialect}` : dialect;
  let ok = true;
  // PostgreSQL reads its rollups as the server does (ensureRollups at start); DuckDB has none.
  for (const wh of tenants) if (wh.rollups) await ensureRollups(wh, wh.rollups, snapshot.datasets.values());
  const request = {
    conditions: [],
    startDate: addDays(end, -6),
    endDate: end,
    limit: 500,
    offset: 0,
    sort: null,
  };
  for (const key of KPI_SCREENS) {
    const screen = snapshot.screens.get(key)!;
    const query = screen.queries!.find((q) => q.id === 'stats')!;
    const dataset = indexDataset(snapshot.datasets.get(key.split('/')[0]!)!);
    const ms: number[][] = HISTORIES.map(() => []);
    const answers: string[] = [];
    // Interleaved, so a burst of load on this shared machine lands on both histories alike.
    for (let i = 0; i < runs + 2; i++) {
      for (const [t, wh] of tenants.entries()) {
        const t0 = performance.now();
        const { rows } = await runScreenQuery(wh, { screen, query, dataset }, request, 1);
        if (i >= 2) ms[t]!.push(performance.now() - t0);
        if (i === 0) answers.push(JSON.stringify(rows));
      }
    }
    // Sums over the same rows in another order may differ in their last digits only.
    if (tenant && !sameAnswer(answers[0]!, answers[1]!))
      console.log(`history (${label}): ${key} answers differ: ${answers[0]} vs ${answers[1]}`);
    const [short, long] = ms.map(median) as [number, number];
    const ratio = long / short;
    ok &&= ratio <= HISTORY_RATIO_TARGET;
    recordTarget(
      `history cost ${key} (7 days, 396 d / 90 d), ${label}`,
      ratio,
      HISTORY_RATIO_TARGET,
      'x',
      false,
    );
    console.log(
      `history (${label}): ${key} stats, last 7 days, median of ${runs}: ${short.toFixed(1)} ms on 90 days, ${long.toFixed(1)} ms on 396 days; ratio ${ratio.toFixed(2)} (target <= ${HISTORY_RATIO_TARGET}: ${ratio <= HISTORY_RATIO_TARGET ? 'met' : 'NOT met'})`,
    );
  }
  return ok;
}

/** Equal up to the 12th significant digit of every number. */
function sameAnswer(a: string, b: string): boolean {
  const round = (json: string) => json.replace(/-?\d+\.\d+(e-?\d+)?/g, (n) => Number(n).toPrecision(12));
  return round(a) === round(b);
}
