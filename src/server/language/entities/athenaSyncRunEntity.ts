import { runStatusLabel } from '../../../shared/operations/runStatusLabel.js';
import { sql } from 'kysely';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import type { EntityRepo } from './entityRepo.js';

/** A sync of a disabled schema type is refused (the sync would read nothing). */
export const SYNC_DISABLED = 'Activate the schema type before syncing it.';

/**
 * An Athena sync an admin triggers for one schema type (client/clientathenasyn's Sync row
 * action): a run row with the type's group and is_monthly, and the type's last sync time and
 * count moved on, in the mutation's transaction. Runs are never edited or deleted.
 */
export const athenaSyncRunEntity: EntityRepo = {
  groupOf: (row) => row.group_id as number,
  find: (db, id) => db.selectFrom('athena_sync_runs').selectAll().where('id', '=', id).executeTakeFirst(),
  findByUnique: () => Promise.resolve(undefined),
  async create(db, fields, actorUserId) {
    const typeId = fields.schema_type_id as number;
    const type = await db
      .updateTable('athena_schema_types')
      .set({ last_sync_at: sql<Date>`now()`, sync_count: sql<number>`sync_count + 1` })
      .where('id', '=', typeId)
      .returningAll()
      .executeTakeFirst();
    if (!type) throw new NotFoundError('Schema type not found');
    if (type.status !== 1) throw new BadRequestError(SYNC_DISABLED);
    return db
      .insertInto('athena_sync_runs')
      .values({
        schema_type_id: type.id,
        group_id: type.group_id,
        is_monthly: type.is_monthly,
        requested_by: actorUserId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },
  update: () => Promise.reject(new BadRequestError('A sync run cannot be edited')),
  async list(db, { groupIds, descending, limit, offset }) {
    const scoped = db
      .selectFrom('athena_sync_runs as r')
      .innerJoin('athena_schema_types as t', 't.id', 'r.schema_type_id')
      .innerJoin('groups as g', 'g.id', 'r.group_id')
      .leftJoin('users as u', 'u.id', 'r.requested_by')
      .where('r.group_id', 'in', groupIds.length ? groupIds : [-1]);
    const rows = await scoped
      .selectAll('r')
      .select(['t.schema_type', 'g.group_name', 'u.user_name as requested_by_name'])
      .orderBy('r.id', descending ? 'desc' : 'asc')
      .limit(limit)
      .offset(offset)
      .execute();
    const { n } = await scoped.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return {
      rows: rows.map((r) => ({ ...r, status: runStatusLabel(r.status) ?? r.status })),
      total: Number(n),
    };
  },
};
