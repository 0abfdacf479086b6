import pg from 'pg';
import type { Warehouse } from '../warehouse.js';
import { surviveLostConnections } from '../../store/pgPoolErrors.js';
import { isWriteSql, WarehouseVersion } from '../warehouseVersion.js';
import { copyRows } from './copyRows.js';
import { RollupCatalog } from '../rollups/rollupCatalog.js';

/** Rows per FETCH of a streamed read. */
const STREAM_BATCH = 2000;

const { builtins } = pg.types;

/**
 * Type parsers for this pool only (pg's global parsers are shared with the app store):
 * BIGINT (COUNT, SUM) and NUMERIC come back as strings by default, DATE as a local-time Date.
 */
const parsers: Partial<Record<number, (text: string) => unknown>> = {
  [builtins.INT8]: Number,
  [builtins.NUMERIC]: Number,
  [builtins.DATE]: (text) => text,
  // Same text as DuckDB gives ('2026-01-02 10:00:00'), not a Date shifted by the server's zone.
  [builtins.TIMESTAMP]: (text) => text,
};

function getTypeParser(oid: number, format: 'text' | 'binary' = 'text'): (value: string) => unknown {
  const own = format === 'text' ? parsers[oid] : undefined;
  return own ?? (pg.types.getTypeParser(oid, format) as (value: string) => unknown);
}
const types = { getTypeParser };

export interface PostgresWarehouseOptions {
  /** Schema(s) to put first on the search path, e.g. a test's own `wh_test_x`. */
  searchPath?: string;
  maxConnections?: number;
  /**
   * PostgreSQL's work_mem for the warehouse's sessions (default 4MB there). The screens'
   * group-bys over a week of the large tenant (700k rows into 100k groups) sorted on disk at
   * 4MB; 32MB keeps them in memory (docs/bench.md, "PostgreSQL warehouse").
   */
  workMem?: string;
}

const DEFAULT_WORK_MEM = '32MB';

export interface PostgresWarehouse extends Warehouse {
  readonly dialect: 'postgres';
  /** Bulk load through COPY FROM STDIN (copyRows.ts): one statement, all rows or none. */
  copyRows(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void>;
}

/** PostgreSQL (or Citus) warehouse over a pg Pool; the same `$1..$n` SQL as DuckDB. */
export function createPostgresWarehouse(
  connectionString: string,
  options: PostgresWarehouseOptions = {},
): PostgresWarehouse {
  if (
    options.searchPath !== undefined &&
    !/^[a-z_][a-z0-9_]*(,[a-z_][a-z0-9_]*)*$/.test(options.searchPath)
  ) {
    throw new Error(`Bad search path "${options.searchPath}"`);
  }
  const workMem = options.workMem ?? DEFAULT_WORK_MEM;
  if (!/^\d+(kB|MB|GB)$/.test(workMem)) throw new Error(`Bad work_mem "${workMem}"`);
  const pool = surviveLostConnections(
    new pg.Pool({
      connectionString,
      max: options.maxConnections ?? 10,
      types,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
      // JIT off: the screens' queries run for milliseconds to a second, and at 13 months of
      // history their cost estimates pass jit_inline_above_cost, so PostgreSQL spent ~1.2 s
      // compiling a 0.6 s day-share query (docs/bench.md, "PostgreSQL at 13 months, quiet, and JIT").
      // A SET on each new connection, not a startup option, which connection poolers such as
      // PgBouncer refuse. pg-pool awaits onConnect before the client's first query (a SET from
      // the 'connect' event ran beside it: pg's "already executing a query" deprecation). Its
      // @types say void, but pg-pool awaits a returned promise (pg-pool/index.js, _promiseTry).
      // eslint-disable-next-line @typescript-eslint/no-misused-promises
      onConnect: async (client) => {
        await client.query(`SET work_mem = '${workMem}'; SET jit = off`);
      },
    }),
  );
  const version = new WarehouseVersion();
  const read = async <T>(sql: string, params: readonly unknown[]) =>
    (await pool.query(sql, params as unknown[])).rows as T[];

  /** A server-side cursor in a read-only transaction: PostgreSQL holds the rows, we fetch batches. */
  async function* stream<T>(sql: string, params: readonly unknown[] = []): AsyncGenerator<T[]> {
    const client = await pool.connect();
    let failed: unknown = undefined;
    try {
      await client.query('BEGIN READ ONLY');
      await client.query(`DECLARE export_cursor NO SCROLL CURSOR FOR ${sql}`, params as unknown[]);
      for (;;) {
        const { rows } = await client.query(`FETCH ${STREAM_BATCH} FROM export_cursor`);
        if (rows.length === 0) break;
        yield rows as T[];
      }
    } catch (error) {
      failed = error;
      throw error;
    } finally {
      // A broken connection is not returned to the pool; a stopped iteration just ends the cursor.
      await client.query('ROLLBACK').catch(() => undefined);
      client.release(failed instanceof Error ? failed : undefined);
    }
  }

  return {
    dialect: 'postgres',
    rollups: new RollupCatalog(),
    query: <T>(sql: string, params: readonly unknown[] = []) =>
      isWriteSql(sql) ? version.around(() => read<T>(sql, params)) : read<T>(sql, params),
    stream,
    version: (read) => (read ? version.of(read) : version.current()),
    writes: version,
    async exec(sql: string) {
      await version.around(() => pool.query(sql));
    },
    transaction: (statements) =>
      version.around(async () => {
        const client = await pool.connect();
        let failed: unknown = undefined;
        try {
          await client.query('BEGIN');
          for (const { sql, params = [] } of statements) await client.query(sql, params as unknown[]);
          await client.query('COMMIT');
        } catch (error) {
          failed = error;
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release(failed instanceof Error ? failed : undefined);
        }
      }),
    copyRows: (table, columns, rows) =>
      version.around(async () => {
        const client = await pool.connect();
        let failed: unknown = undefined;
        try {
          await copyRows(client, table, columns, rows);
        } catch (error) {
          failed = error;
          throw error;
        } finally {
          client.release(failed instanceof Error ? failed : undefined);
        }
      }),
    close: () => pool.end(),
  };
}
