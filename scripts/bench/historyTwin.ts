/**
 * The large tenant's twin with its last `days` days only: every table of the large file copied
 * into a new DuckDB file (the product's schema first, so keys, columns and views are the server's),
 * fact and lost-sales rows from the first kept day on, everything else whole. The history bench
 * times a 7-day KPI on both: the same rows in the week, only the history before it differs, so the
 * two answers must be equal and the ratio of their times is what history costs.
 * Kept beside the large file (DATA_DIR/bench/history-twin-<days>.duckdb) until it is rebuilt.
 */
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { addDays } from '../../src/server/demo/warehouse/calendar.js';
import { createDuckDbWarehouse } from '../../src/server/platform/warehouse/duckdb/duckDbWarehouse.js';
import { createSchema } from '../../src/server/platform/warehouse/schema/createSchema.js';
import { ident } from '../../src/server/platform/warehouse/sql/sqlBuilder.js';

/** A fact table's day: the first of these columns it has. */
const DAY_COLUMNS = [
  'crawl_date',
  'sale_date',
  'review_date',
  'ad_date',
  'change_date',
  'check_date',
  '__day',
];

/** The last day of the large tenant's history (its newest crawl). */
export async function largeTenantEnd(file: string): Promise<string> {
  const wh = await createDuckDbWarehouse(file, { access_mode: 'READ_ONLY' });
  try {
    const [row] = await wh.query<{ d: string }>(
      'SELECT CAST(MAX(last_crawl_date) AS VARCHAR) AS d FROM crawl_log WHERE group_id = 1',
    );
    return String(row!.d).slice(0, 10);
  } finally {
    await wh.close();
  }
}

/** Builds the twin when missing (or `force`); returns its path. */
export async function ensureHistoryTwin(largeFile: string, days: number, force = false): Promise<string> {
  const file = largeFile.replace(/[^/]+$/, `history-twin-${days}.duckdb`);
  if (existsSync(file) && !force) return file;
  await rm(file, { force: true });
  await rm(`${file}.wal`, { force: true });
  const end = await largeTenantEnd(largeFile);
  const from = addDays(end, -(days - 1));
  const t0 = performance.now();
  const wh = await createDuckDbWarehouse(`${file}.building`);
  try {
    await createSchema(wh);
    await wh.exec(`ATTACH '${largeFile.replaceAll("'", "''")}' AS src (READ_ONLY)`);
    const tables = await wh.query<{ t: string }>(
      `SELECT table_name AS t FROM information_schema.tables
        WHERE table_catalog = 'src' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    for (const { t } of tables) {
      const cols = await wh.query<{ c: string }>(
        `SELECT column_name AS c FROM information_schema.columns WHERE table_catalog = 'src' AND table_name = $1`,
        [t],
      );
      const day = DAY_COLUMNS.find((d) => cols.some((c) => c.c === d));
      const rows = `SELECT * FROM src.main.${ident(t)}${
        day && (t.startsWith('fact_') || t.startsWith('lost_sales_'))
          ? ` WHERE ${ident(day)} >= CAST('${from}' AS DATE)`
          : ''
      }`;
      const [own] = await wh.query(
        `SELECT 1 AS x FROM information_schema.tables WHERE table_catalog = current_database() AND table_name = $1`,
        [t],
      );
      await wh.exec(own ? `INSERT INTO ${ident(t)} BY NAME ${rows}` : `CREATE TABLE ${ident(t)} AS ${rows}`);
    }
    await wh.exec('DETACH src');
    await wh.exec('CHECKPOINT');
  } finally {
    await wh.close();
  }
  await rm(`${file}.building.wal`, { force: true });
  await rename(`${file}.building`, file);
  console.log(
    `history twin: the large tenant's last ${days} days (${from} to ${end}) copied in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return file;
}
