/** The analytics warehouse: DuckDB embedded, or PostgreSQL. Same SQL, `$1..$n` placeholders. */
export type WarehouseDialect = 'duckdb' | 'postgres';

export interface Warehouse {
  readonly dialect: WarehouseDialect;
  /** Runs a parameterised query; numbers come back as numbers and dates as YYYY-MM-DD strings. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs statements without parameters (DDL, bulk SQL). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}
