import { sql, type Kysely, type Selectable } from 'kysely';
import type { GroupsTable, StoreDatabase } from './storeDatabase.js';

/** A group as read: the jsonb id lists come back as arrays. */
export type GroupRow = Selectable<GroupsTable>;

/** The writable fields of a group, in the store's column names (docs/product-spec.md §3 "Group creation payload"). */
export interface GroupFields {
  group_name: string;
  end_date: string | null;
  status?: number;
  notify_to_email?: string | null;
  account_requested_by?: string | null;
  account_manager_name?: string | null;
  account_manager_email?: string | null;
  associate1_name?: string | null;
  associate1_email?: string | null;
  associate2_name?: string | null;
  associate2_email?: string | null;
  task_id?: string | null;
  comments?: string;
  operation_type?: number;
  channels?: number[];
  crawl_types?: number[];
  schema_types?: number[];
}

type Db = Kysely<StoreDatabase>;
const ID_LISTS = ['channels', 'crawl_types', 'schema_types'] as const;

/** Id lists travel as JSON text into jsonb (same on PGlite and PostgreSQL); the rest as given. */
function toColumns(fields: Partial<GroupFields>) {
  const { channels, crawl_types, schema_types, ...rest } = fields;
  const lists = { channels, crawl_types, schema_types };
  const encoded: Partial<Record<(typeof ID_LISTS)[number], string>> = {};
  for (const key of ID_LISTS) if (lists[key] !== undefined) encoded[key] = JSON.stringify(lists[key]);
  return { ...rest, ...encoded };
}

export function createGroup(db: Db, fields: GroupFields): Promise<GroupRow> {
  return db
    .insertInto('groups')
    .values({ ...toColumns(fields), group_name: fields.group_name.trim() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findGroupById(db: Db, id: number): Promise<GroupRow | undefined> {
  return db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Case- and space-insensitive: 'Group Name already exists.' must not be dodged by 'demo brands '. */
export function findGroupByName(db: Db, name: string): Promise<GroupRow | undefined> {
  return db
    .selectFrom('groups')
    .selectAll()
    .where(sql<string>`lower(group_name)`, '=', name.trim().toLowerCase())
    .executeTakeFirst();
}

/** Groups by name; `ids` narrows to a caller's own groups (an admin sees only the groups they are mapped to). */
export function listGroups(db: Db, ids?: readonly number[]): Promise<GroupRow[]> {
  let query = db.selectFrom('groups').selectAll().orderBy('group_name');
  if (ids) {
    if (ids.length === 0) return Promise.resolve([]);
    query = query.where('id', 'in', ids);
  }
  return query.execute();
}

/** A sortable page of the groups `ids` (the grid of client/clients); `orderBy` comes from the catalogue. */
export async function pageGroups(
  db: Db,
  ids: readonly number[],
  page: { orderBy: keyof GroupsTable; descending: boolean; limit: number; offset: number },
): Promise<{ rows: GroupRow[]; total: number }> {
  if (ids.length === 0) return { rows: [], total: 0 };
  const scoped = db.selectFrom('groups').where('id', 'in', ids);
  const rows = await scoped
    .selectAll()
    .orderBy(page.orderBy, page.descending ? 'desc' : 'asc')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { n } = await scoped.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export type UpdateResult =
  { kind: 'updated'; row: GroupRow } | { kind: 'missing' } | { kind: 'stale'; row: GroupRow };

/**
 * Writes `changes` only when the row still carries `readAt` (its updated_at when the editor read
 * it): a stale edit is refused and nothing is overwritten. Run it inside the caller's transaction.
 */
export async function updateGroup(
  db: Db,
  id: number,
  changes: Partial<GroupFields>,
  readAt: Date,
): Promise<UpdateResult> {
  const row = await db
    .updateTable('groups')
    .set({ ...toColumns(changes), updated_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', id)
    // Dates carry milliseconds, timestamptz microseconds: compare at the precision the client holds.
    .where(sql<Date>`date_trunc('milliseconds', updated_at)`, '=', readAt)
    .returningAll()
    .executeTakeFirst();
  if (row) return { kind: 'updated', row };
  const current = await findGroupById(db, id);
  return current ? { kind: 'stale', row: current } : { kind: 'missing' };
}
