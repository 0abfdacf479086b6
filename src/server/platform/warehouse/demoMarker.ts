import type { Warehouse } from './warehouse.js';

/**
 * Whether the demo warehouse data is whole. A kill during the first start used to leave it half
 * built, and the next start skipped generation because some crawl_log rows existed. Now one row
 * says "started" before the first fact row is written and "completed" after the last; each state
 * change is a single statement, so a kill leaves either the old state or the new one.
 */
export type DemoState = 'none' | 'started' | 'completed';

const TABLE = 'demo_generation';

export async function readDemoState(wh: Warehouse): Promise<DemoState> {
  await wh.exec(
    `CREATE TABLE IF NOT EXISTS ${TABLE} (id INTEGER PRIMARY KEY, started_at VARCHAR NOT NULL, completed_at VARCHAR)`,
  );
  const [row] = await wh.query<{ completed_at: string | null }>(
    `SELECT completed_at FROM ${TABLE} WHERE id = 1`,
  );
  if (!row) return 'none';
  return row.completed_at ? 'completed' : 'started';
}

export async function markDemoStarted(wh: Warehouse): Promise<void> {
  await wh.query(
    `INSERT INTO ${TABLE} (id, started_at, completed_at) VALUES (1, $1, NULL)
     ON CONFLICT (id) DO UPDATE SET started_at = excluded.started_at, completed_at = NULL`,
    [new Date().toISOString()],
  );
}

/** Written last: the data before it is complete. */
export async function markDemoCompleted(wh: Warehouse): Promise<void> {
  await wh.query(`UPDATE ${TABLE} SET completed_at = $1 WHERE id = 1`, [new Date().toISOString()]);
  // DuckDB: fold the write-ahead log into the file, so the marker and the data land together.
  if (wh.dialect === 'duckdb') await wh.exec('CHECKPOINT');
}
