import { addUsersToGroup } from './groupMembersService.js';
import type { Db, EntityRepo, EntityRow } from '../../language/entities/entityRepo.js';

/** A group's members as the grid would list them: user, role, mapping status. */
async function membersOf(db: Db, groupIds: readonly number[], limit: number, offset: number) {
  if (groupIds.length === 0) return { rows: [], total: 0 };
  const base = db
    .selectFrom('user_group_roles as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .where('m.group_id', 'in', groupIds);
  const rows = await base
    .select(['m.id', 'm.group_id', 'm.role_id', 'm.user_id', 'u.user_name', 'r.name as role', 'm.status'])
    .orderBy('u.user_name')
    .limit(limit)
    .offset(offset)
    .execute();
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows: rows as EntityRow[], total: Number(n) };
}

/**
 * `groupMember`: the manage-users form's write (users -> one group with one role), through the
 * same step as the spec's `group/user/add` route (groupMembersService.ts). Create only: a mapping
 * is edited or removed on the user's own form.
 */
export const groupMemberEntity: EntityRepo = {
  groupOf: (row) => row.group_id as number,
  find: () => Promise.resolve(undefined),
  findByUnique: () => Promise.resolve(undefined),
  async create(db, fields, _actor, _groupId, ctx) {
    if (!ctx) throw new Error('group member writes need the caller (WriteContext)');
    const added = await addUsersToGroup(db, ctx.scope, {
      group_id: fields.group_id as number,
      role_id: fields.role_id as number,
      user_ids: fields.user_ids as number[],
    });
    return { id: added.group_id, ...added };
  },
  update: () => Promise.resolve({ kind: 'missing' }),
  list: (db, { groupIds, limit, offset }) => membersOf(db, groupIds, limit, offset),
};
