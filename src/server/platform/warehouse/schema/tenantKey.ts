import { readableNames } from './tableColumns.js';

/**
 * The tenant key: the column every tenant-owned warehouse table carries, set to the owning group's
 * id. It is declared here, in code, and never in config: the query compiler, the upload loader,
 * suggestions, exports, mutations and draft previews all scope by it, so no screen, dataset or
 * upload file can name, change or drop the scope (docs/principals.md).
 */
export const TENANT_KEY = 'group_id';

/** Tables every group reads alike (channels, cities): reference data that holds no tenant's rows. */
export const SHARED_TABLES: ReadonlySet<string> = new Set(['dim_channel', 'dim_city']);

/**
 * The tenant key of a table or view, or null for a shared one. Every other name is scoped, even one
 * the DDL lists nowhere (a rollup, a test's table): a table without the key then fails the query
 * instead of answering every group's rows. tenantKey.test.ts checks the DDL carries the key.
 */
export function tenantKeyOf(table: string): string | null {
  return SHARED_TABLES.has(table) ? null : TENANT_KEY;
}

/** The tenant key of a table a tenant reads as facts or writes to: a shared table cannot be one. */
export function requireTenantKey(table: string): string {
  const key = tenantKeyOf(table);
  if (key === null)
    throw new Error(`Warehouse table ${table} is shared by every group: it holds no tenant's rows`);
  return key;
}

/** Every readable table and view with its tenant key (null: shared). */
export function tenantKeys(): ReadonlyMap<string, string | null> {
  return new Map(readableNames().map((t) => [t, tenantKeyOf(t)]));
}
