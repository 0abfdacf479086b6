import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { Warehouse } from '../warehouse.js';
import { appendColumns, appendRows, openColumnAppender, type ColumnAppender } from './duckDbAppend.js';
import { isWriteSql, WarehouseVersion } from '../warehouseVersion.js';
import { readRows, streamRows, toDuckDbParam } from './duckDbValues.js';

/** Connections kept open between queries; more are opened on demand under load. */
const MAX_IDLE_CONNECTIONS = 4;

/** Whether a warehouse is embedded DuckDB with its appender (a staging table's fast path). */
export function hasAppender(wh: Warehouse): wh is DuckDbWarehouse {
  return typeof (wh as Partial<DuckDbWarehouse>).openAppender === 'function';
}

export interface DuckDbWarehouse extends Warehouse {
  readonly dialect: 'duckdb';
  /** Bulk load: full rows in table column order, dates as 'YYYY-MM-DD'. */
  appendRows(table: string, rows: readonly (readonly unknown[])[]): Promise<void>;
  /** Bulk load, column-major: every column of the table in order, equal lengths. */
  appendColumns(table: string, columns: readonly (readonly unknown[])[]): Promise<void>;
  /**
   * An appender kept open over many appends (an upload's batches) on a connection of its own,
   * given back at close. `catalog`: an attached database the table is in.
   */
  openAppender(table: string, catalog?: string): Promise<ColumnAppender>;
}

/**
 * DuckDB warehouse on one instance; each query borrows its own connection so concurrent queries
 * run in parallel (a DuckDB connection runs one statement at a time). `':memory:'` for tests.
 */
export async function createDuckDbWarehouse(
  path: string,
  /** DuckDB settings, e.g. `{ memory_limit: '1GB' }` (default: 80% of RAM). */
  config?: Record<string, string>,
): Promise<DuckDbWarehouse> {
  const instance = await DuckDBInstance.create(path, config);
  const idle: DuckDBConnection[] = [];
  let closed = false;
  const version = new WarehouseVersion();
  const write = <T>(sql: string | null, work: () => Promise<T>): Promise<T> =>
    sql === null || isWriteSql(sql) ? version.around(work) : work();

  async function borrow(): Promise<DuckDBConnection> {
    if (closed) throw new Error('Warehouse is closed');
    return idle.pop() ?? (await instance.connect());
  }
  function giveBack(connection: DuckDBConnection): void {
    if (!closed && idle.length < MAX_IDLE_CONNECTIONS) idle.push(connection);
    else connection.closeSync();
  }
  async function withConnection<T>(work: (c: DuckDBConnection) => Promise<T>): Promise<T> {
    const connection = await borrow();
    try {
      return await work(connection);
    } finally {
      giveBack(connection);
    }
  }

  /** Borrows a connection for as long as the caller iterates (a streaming result holds it). */
  async function* streamOn<T>(sql: string, params: readonly unknown[]): AsyncGenerator<T[]> {
    const connection = await borrow();
    try {
      yield* streamRows<T>(await connection.stream(sql, params.map(toDuckDbParam)));
    } finally {
      giveBack(connection);
    }
  }

  return {
    dialect: 'duckdb',
    query: <T>(sql: string, params: readonly unknown[] = []) =>
      write(sql, () => withConnection(async (c) => readRows<T>(await c.run(sql, params.map(toDuckDbParam))))),
    stream: <T>(sql: string, params: readonly unknown[] = []) => streamOn<T>(sql, params),
    version: (read) => (read ? version.of(read) : version.current()),
    writes: version,
    exec: (sql: string) =>
      write(null, () =>
        withConnection(async (c) => {
          await c.run(sql);
        }),
      ),
    transaction: (statements) =>
      write(null, () =>
        withConnection(async (c) => {
          await c.run('BEGIN TRANSACTION');
          try {
            for (const { sql, params = [] } of statements) await c.run(sql, params.map(toDuckDbParam));
            await c.run('COMMIT');
          } catch (error) {
            // The connection goes back to the pool: it must not stay inside the failed transaction.
            await c.run('ROLLBACK').catch(() => undefined);
            throw error;
          }
        }),
      ),
    appendRows: (table, rows) => write(null, () => withConnection((c) => appendRows(c, table, rows))),
    appendColumns: (table, columns) =>
      write(null, () => withConnection((c) => appendColumns(c, table, columns))),
    async openAppender(table, catalog) {
      const connection = await borrow();
      let appender: ColumnAppender;
      try {
        appender = await openColumnAppender(connection, table, catalog);
      } catch (error) {
        giveBack(connection);
        throw error;
      }
      let closing: Promise<void> | null = null;
      return {
        append: (columns) => write(null, () => appender.append(columns)),
        close: () => (closing ??= write(null, () => appender.close()).finally(() => giveBack(connection))),
      };
    },
    close() {
      if (closed) return Promise.resolve();
      closed = true;
      for (const c of idle.splice(0)) c.closeSync();
      instance.closeSync();
      return Promise.resolve();
    },
  };
}
