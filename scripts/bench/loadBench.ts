/**
 * `npm run bench -- --loads-only [--load-rows 500000 --load-runs 3]`: how fast the warehouse
 * takes bulk loads (what the demo generator, crawls and uploads all end in). fact_stock rows,
 * built in memory first so only the load is timed, into a fresh DuckDB file (the appender) and a
 * fresh PostgreSQL schema (COPY FROM STDIN, and for comparison the multi-row INSERTs it replaced).
 * Medians of the runs. Goals: DuckDB >= 1M rows/s, PostgreSQL >= 200k rows/s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bulkInsert, bulkInsertColumns } from '../../src/server/platform/warehouse/bulkInsert.js';
import { createDuckDbWarehouse } from '../../src/server/platform/warehouse/duckdb/duckDbWarehouse.js';
import { createSchema } from '../../src/server/platform/warehouse/schema/createSchema.js';
import { tableColumns } from '../../src/server/platform/warehouse/schema/tableColumns.js';
import { createPgTestWarehouse } from '../../src/server/platform/warehouse/testing/pgTestWarehouse.js';
import type { Warehouse } from '../../src/server/platform/warehouse/warehouse.js';

export const LOAD_GOALS = { duckdb: 1_000_000, postgres: 200_000 };

function stockRows(n: number): unknown[][] {
  const columns = tableColumns('fact_stock');
  return Array.from({ length: n }, (_, i) => {
    const values: Record<string, unknown> = {
      group_id: 1 + (i % 3),
      crawl_date: `2026-10-${String((i % 28) + 1).padStart(2, '0')}`,
      channel_id: [1, 4, 49][i % 3],
      city_id: (i % 20) + 1,
      product_id: i % 2000,
      brand_id: i % 40,
      category_id: i % 12,
      is_competitor: i % 5 === 0 ? 1 : 0,
      stock_status: i % 9 === 0 ? 0 : 1,
      stores_total: 10,
      stores_in_stock: i % 11,
      store_share: (i % 11) / 10,
      on_promo: i % 10 === 0 ? 1 : 0,
    };
    return columns.map((c) => values[c] ?? null);
  });
}

async function timed(load: () => Promise<void>): Promise<number> {
  const started = process.hrtime.bigint();
  await load();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function insertsOnly(wh: Warehouse, rows: unknown[][]): Promise<void> {
  // The path COPY replaced: multi-row INSERTs under PostgreSQL's bind-parameter limit.
  const columns = tableColumns('fact_stock');
  const per = Math.floor(60_000 / columns.length);
  for (let s = 0; s < rows.length; s += per) {
    const batch = rows.slice(s, s + per);
    const params = batch.flat();
    const tuples = batch.map(
      (_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(',')})`,
    );
    await wh.query(`INSERT INTO fact_stock (${columns.join(',')}) VALUES ${tuples.join(',')}`, params);
  }
}

export async function benchLoads(rowCount: number, runs: number): Promise<void> {
  const rows = stockRows(rowCount);
  const columnMajor = tableColumns('fact_stock').map((_, c) => rows.map((r) => r[c]));
  const figures: Record<string, number[]> = { duckdb: [], postgresCopy: [], postgresInserts: [] };
  // Run -1 is a warm-up, not counted: the first load of a process pays for the JIT (the DuckDB
  // appender's first 500k rows ran at ~0.8M rows/s, the next ones at 1.1-1.4M, load 6-7).
  for (let run = -1; run < runs; run++) {
    const keep = (name: string, rowsPerSecond: number) => {
      if (run >= 0) figures[name]!.push(rowsPerSecond);
    };
    const dir = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-loadbench-'));
    const duck = await createDuckDbWarehouse(path.join(dir, 'wh.duckdb'));
    try {
      await createSchema(duck);
      keep('duckdb', rowCount / (await timed(() => bulkInsertColumns(duck, 'fact_stock', columnMajor))));
    } finally {
      await duck.close();
      rmSync(dir, { recursive: true, force: true });
    }
    for (const [name, load] of [
      ['postgresCopy', (wh: Warehouse) => bulkInsert(wh, 'fact_stock', tableColumns('fact_stock'), rows)],
      ['postgresInserts', (wh: Warehouse) => insertsOnly(wh, rows)],
    ] as const) {
      if (run < 0 && name === 'postgresInserts') continue; // the slow path needs no warm-up
      const pg = await createPgTestWarehouse();
      try {
        await createSchema(pg.wh);
        keep(name, rowCount / (await timed(() => load(pg.wh))));
      } finally {
        await pg.drop();
      }
    }
  }
  const line = (label: string, xs: number[], goal?: number) =>
    `${label.padEnd(34)} ${Math.round(median(xs)).toLocaleString('en').padStart(11)} rows/s` +
    (goal ? `  (goal ${goal.toLocaleString('en')}: ${median(xs) >= goal ? 'met' : 'NOT met'})` : '');
  console.log(
    `\nWarehouse loads: ${rowCount.toLocaleString('en')} fact_stock rows, median of ${runs} runs after a warm-up run`,
  );
  console.log(line('DuckDB appender', figures.duckdb!, LOAD_GOALS.duckdb));
  console.log(line('PostgreSQL COPY FROM STDIN', figures.postgresCopy!, LOAD_GOALS.postgres));
  console.log(line('PostgreSQL multi-row INSERT (before)', figures.postgresInserts!));
}
