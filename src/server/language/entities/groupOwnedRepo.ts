import { sql } from 'kysely';
import type { Db, EntityFields, EntityRepo, EntityRow, WriteResult } from './entityRepo.js';

/** The store tables of simple per-group settings (migration 150; AMS schemas, migration 191). */
type OwnedTable = 'group_args' | 'athena_schema_types' | 'ams_schemas';

/**
 * A repository for rows a group owns (an admin's per-group settings): a new row belongs to the
 * caller's session group, reads join the group's name, edits are refused when stale. Only the
 * catalogue's fields are written; strings are trimmed, a blank optional string stored as null.
 */
// Kysely's types cannot follow a table chosen at run time: both tables are typed as group_args
// (same id / group_id / updated_at columns); the names come from this file's callers only.
export function groupOwnedRepo(table: OwnedTable, fields: Readonly<Record<string, string>>): EntityRepo {
  const clean = (input: EntityFields): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(input)) {
      if (!Object.hasOwn(fields, name) || value === undefined) continue;
      out[name] = typeof value === 'string' ? value.trim() || null : value;
    }
    return out;
  };
  const find = async (db: Db, id: number): Promise<EntityRow | undefined> =>
    await db
      .selectFrom(table as 'group_args')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  /** A guarded write's answer: written, else stale (the row moved on) or missing. */
  const outcome = async (db: Db, id: number, row: EntityRow | undefined): Promise<WriteResult> => {
    if (row) return { kind: 'written', row };
    const current = await find(db, id);
    return current ? { kind: 'stale', row: current } : { kind: 'missing' };
  };
  return {
    groupOf: (row) => row.group_id as number,
    find,
    findByUnique: () => Promise.resolve(undefined),
    async create(db, input, _actor, groupId) {
      return await db
        .insertInto(table as 'group_args')
        .values({ ...clean(input), group_id: groupId } as never)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async update(db, id, input, readAt) {
      const row = (await db
        .updateTable(table as 'group_args')
        .set({ ...clean(input), updated_at: sql<Date>`clock_timestamp()` } as never)
        .where('id', '=', id)
        // Dates carry milliseconds, timestamptz microseconds: compare at the client's precision.
        .where(sql<Date>`date_trunc('milliseconds', updated_at)`, '=', readAt)
        .returningAll()
        .executeTakeFirst()) as EntityRow | undefined;
      return outcome(db, id, row);
    },
    async remove(db, id, readAt) {
      const row = (await db
        .deleteFrom(table as 'group_args')
        .where('id', '=', id)
        .where(sql<Date>`date_trunc('milliseconds', updated_at)`, '=', readAt)
        .returningAll()
        .executeTakeFirst()) as EntityRow | undefined;
      return outcome(db, id, row);
    },
    async list(db, { groupIds, orderBy, descending, limit, offset }) {
      const scoped = db
        .selectFrom(`${table as 'group_args'} as r`)
        .innerJoin('groups as g', 'g.id', 'r.group_id')
        .where('r.group_id', 'in', groupIds.length ? groupIds : [-1]);
      const column = orderBy === 'group_name' ? 'g.group_name' : sql.ref(`r.${orderBy}`);
      const rows = await scoped
        .selectAll('r')
        .select('g.group_name')
        .orderBy(column as 'g.group_name', descending ? 'desc' : 'asc')
        .orderBy('r.id')
        .limit(limit)
        .offset(offset)
        .execute();
      const { n } = await scoped.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      return { rows: rows, total: Number(n) };
    },
  };
}
