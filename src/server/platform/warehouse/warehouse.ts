import type { RollupCatalog } from './rollups/rollupCatalog.js';
import type { DaysRead } from './writeScope.js';
import type { WarehouseVersion } from './warehouseVersion.js';

/** The analytics warehouse: DuckDB embedded, or PostgreSQL. Same SQL, `$1..$n` placeholders. */
export type WarehouseDialect = 'duckdb' | 'postgres';

export interface Warehouse {
  readonly dialect: WarehouseDialect;
  /** Runs a parameterised query; numbers come back as numbers and dates as YYYY-MM-DD strings. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * Runs a read and hands its rows over in batches (a few thousand rows each), so an answer of any
   * size never sits in memory whole. Stop iterating to cancel it.
   */
  stream<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): AsyncIterable<T[]>;
  /**
   * Moves on every write through this object (loads, DDL): answers cached under it are never
   * stale. With `read`, the version of one group's days: it moves only on a write that may change
   * them (a write outside a `writingDays` scope may change anything).
   */
  version(read?: DaysRead): number;
  /** The counter behind `version`: the cluster announces its writes and tells it of others'. */
  readonly writes?: WarehouseVersion;
  /** Runs statements without parameters (DDL, bulk SQL). */
  exec(sql: string): Promise<void>;
  /**
   * Runs parameterised statements on one connection in one transaction: all of them or none
   * (an upload's delete-then-insert swap). A failure rolls back and rethrows.
   */
  transaction(statements: readonly WarehouseStatement[]): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL: the rollups kept in step with their facts (ensureRollups fills it). */
  readonly rollups?: RollupCatalog;
}

export interface WarehouseStatement {
  sql: string;
  params?: readonly unknown[];
}
