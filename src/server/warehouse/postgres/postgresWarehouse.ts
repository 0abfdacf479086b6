import pg from 'pg';
import type { Warehouse } from '../warehouse.js';
import { surviveLostConnections } from '../../store/pgPoolErrors.js';

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
}

/** PostgreSQL (or Citus) warehouse over a pg Pool; the same `$1..$n` SQL as DuckDB. */
export function createPostgresWarehouse(
  connectionString: string,
  options: PostgresWarehouseOptions = {},
): Warehouse {
  if (
    options.searchPath !== undefined &&
    !/^[a-z_][a-z0-9_]*(,[a-z_][a-z0-9_]*)*$/.test(options.searchPath)
  ) {
    throw new Error(`Bad search path "${options.searchPath}"`);
  }
  const pool = surviveLostConnections(
    new pg.Pool({
      connectionString,
      max: options.maxConnections ?? 10,
      types,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    }),
  );
  return {
    dialect: 'postgres',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await pool.query(sql, params as unknown[]);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}
