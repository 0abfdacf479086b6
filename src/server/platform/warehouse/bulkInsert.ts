import type { DuckDbWarehouse } from './duckdb/duckDbWarehouse.js';
import type { PostgresWarehouse } from './postgres/postgresWarehouse.js';
import { tableColumns } from './schema/tableColumns.js';
import type { Warehouse, WarehouseStatement } from './warehouse.js';

/** PostgreSQL allows 65535 bind parameters per statement; stay under it. */
const MAX_PARAMS = 60_000;

function isDuckDb(wh: Warehouse): wh is DuckDbWarehouse {
  return wh.dialect === 'duckdb' && typeof (wh as Partial<DuckDbWarehouse>).appendColumns === 'function';
}

function isPostgres(wh: Warehouse): wh is PostgresWarehouse {
  return wh.dialect === 'postgres' && typeof (wh as Partial<PostgresWarehouse>).copyRows === 'function';
}

function isFullRow(table: string, columns: readonly string[]): boolean {
  try {
    const all = tableColumns(table);
    return all.length === columns.length && all.every((c, i) => c === columns[i]);
  } catch {
    return false;
  }
}

/**
 * Loads rows into a warehouse table, `columns` naming the values of each row. On DuckDB, rows of
 * every column in DDL order go through the appender; on PostgreSQL, COPY FROM STDIN; anything
 * else gets multi-row parameterised INSERTs (values never spliced into SQL).
 */
export async function bulkInsert(
  wh: Warehouse,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  if (rows.length === 0) return;
  if (isDuckDb(wh) && isFullRow(table, columns)) return wh.appendRows(table, rows);
  if (isPostgres(wh)) return wh.copyRows(table, columns, rows);
  if (!/^[a-z_][a-z0-9_]*$/.test(table) || !columns.every((c) => /^[a-z_][a-z0-9_]*$/.test(c))) {
    throw new Error(`Bad table or column name in bulk insert into "${table}"`);
  }
  for (const { sql, params } of valuesInserts(table, columns, rows, MAX_PARAMS)) await wh.query(sql, params);
}

/**
 * Multi-row parameterised INSERTs of `rows` (values in `columns` order), each with at most
 * `maxParams` parameters; made one at a time, so a large load holds one statement's parameters.
 */
export function* valuesInserts(
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  maxParams: number,
): Generator<WarehouseStatement> {
  const perStatement = Math.max(1, Math.floor(maxParams / columns.length));
  for (let start = 0; start < rows.length; start += perStatement) {
    const params: unknown[] = [];
    const tuples = rows.slice(start, start + perStatement).map((row) => {
      const marks = row.map((value) => (params.push(value), `$${params.length}`));
      return `(${marks.join(',')})`;
    });
    yield { sql: `INSERT INTO ${table} (${columns.join(',')}) VALUES ${tuples.join(',')}`, params };
  }
}

/**
 * Column-major bulk load of full rows (every column of the table, in DDL order): straight into
 * DuckDB's appender, or transposed into rows for PostgreSQL's COPY.
 */
export async function bulkInsertColumns(
  wh: Warehouse,
  table: string,
  columns: readonly (readonly unknown[])[],
): Promise<void> {
  if (isDuckDb(wh)) return wh.appendColumns(table, columns);
  const rowCount = columns[0]?.length ?? 0;
  const rows = Array.from({ length: rowCount }, (_, r) => columns.map((column) => column[r]));
  await bulkInsert(wh, table, tableColumns(table), rows);
}
