import { randomUUID } from 'node:crypto';
import { requireTenantKey } from '../../platform/warehouse/schema/tenantKey.js';
import type { Warehouse, WarehouseStatement } from '../../platform/warehouse/warehouse.js';
import type { EntityFields, EntityRow, ListPage, ListRequest } from './entityRepo.js';

/**
 * An entity whose rows live in the warehouse (docs/write-half.md "Warehouse entities"). Its table
 * carries `updated_at VARCHAR`, a write token: '' for rows loaded in bulk, a fresh token after each
 * single-row write. An edit is refused when the token it read is no longer the row's, and its
 * UPDATE is guarded by that token, so a write that lost a race changes nothing.
 */
export interface WarehouseEntityRepo {
  readonly home: 'warehouse';
  /** Its table and id column (catalogue names, never request text): a bulk write's guard counts there. */
  readonly table: string;
  readonly idColumn: string;
  /** The row with `id`, `group_id`, `updated_at` and the catalogue's fields. */
  find(wh: Warehouse, id: number): Promise<EntityRow | undefined>;
  /** The row a create stamped with `token` in `groupId` (how a create learns its new id). */
  findByToken(wh: Warehouse, groupId: number, token: string): Promise<EntityRow | undefined>;
  /**
   * Statements creating one row in `groupId`; refuses (400) values the group does not own.
   * Absent when rows come only from elsewhere (screens:check refuses a create then).
   */
  create?(wh: Warehouse, fields: EntityFields, groupId: number, token: string): Promise<WarehouseStatement[]>;
  /** A page of the groups' rows, for a grid reading a table no dataset can (entityReads' listed ones). */
  list?(wh: Warehouse, request: ListRequest): Promise<ListPage>;
  /** Statements writing `fields` over `before`, only while it still carries its token. */
  update(
    wh: Warehouse,
    before: EntityRow,
    fields: EntityFields,
    token: string,
  ): Promise<WarehouseStatement[]>;
}

/** A write token: when, plus randomness so two writes in one millisecond differ (≤ 40 chars). */
export function newWriteToken(): string {
  return `${new Date().toISOString()}#${randomUUID().slice(0, 8)}`;
}

/**
 * `SET a = $n, ...` over the given columns (names from the catalogue, never request text), the
 * values appended to `params`; `casts` wraps a column's placeholder (dates).
 */
function setClause(
  fields: EntityFields,
  columns: readonly string[],
  params: unknown[],
  casts: Readonly<Record<string, string>> = {},
): string[] {
  const sets: string[] = [];
  for (const column of columns) {
    const value = fields[column];
    if (value === undefined) continue;
    params.push(typeof value === 'string' ? value.trim() : value);
    const cast = casts[column];
    sets.push(`${column} = ${cast ? `CAST($${params.length} AS ${cast})` : `$${params.length}`}`);
  }
  return sets;
}

/**
 * The guarded UPDATE of one warehouse entity row: `columns` of `fields` and a new write token,
 * only while the row still carries the token it was read with (a write that lost a race changes
 * nothing). Table and id column are the entity's own (catalogue names, never request text).
 */
export function versionedUpdate(
  entity: Pick<WarehouseEntityRepo, 'table' | 'idColumn'>,
  before: EntityRow,
  fields: EntityFields,
  columns: readonly string[],
  token: string,
  casts: Readonly<Record<string, string>> = {},
): Promise<WarehouseStatement[]> {
  const params: unknown[] = [];
  const sets = setClause(fields, columns, params, casts);
  params.push(token, before.id, before.group_id, before.updated_at);
  const n = params.length;
  return Promise.resolve([
    {
      sql: `UPDATE ${entity.table} SET ${[...sets, `updated_at = $${n - 3}`].join(', ')}
            WHERE ${entity.idColumn} = $${n - 2} AND ${requireTenantKey(entity.table)} = $${n - 1} AND updated_at = $${n}`,
      params,
    },
  ]);
}
