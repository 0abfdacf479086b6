import type { DuckDbWarehouse } from './duckdb/duckDbWarehouse.js';
import type { Warehouse } from './warehouse.js';

/** PostgreSQL allows 65535 bind parameters per statement; stay under it. */
const MAX_PARAMS = 60_000;

function isDuckDb(wh: Warehouse): wh is DuckDbWarehouse {
  return wh.dialect === 'duckdb' && typeof (wh as Partial<DuckDbWarehouse>).appendRows === 'function';
}

/**
 * Loads rows into a table. `columns` must be every column of the table in DDL order: DuckDB's
 * appender takes full rows; PostgreSQL gets multi-row parameterised INSERTs (values never spliced).
 */
export async function bulkInsert(
  wh: Warehouse,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  if (rows.length === 0) return;
  if (isDuckDb(wh)) return wh.appendRows(table, rows);
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  for (let start = 0; start < rows.length; start += perStatement) {
    const batch = rows.slice(start, start + perStatement);
    const params: unknown[] = [];
    const tuples = batch.map((row) => {
      const marks = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${marks.join(',')})`;
    });
    await wh.query(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${tuples.join(',')}`, params);
  }
}
