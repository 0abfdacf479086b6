import type { Kysely } from 'kysely';
import type { StoreDatabase } from './storeDatabase.js';

type Db = Kysely<StoreDatabase>;

export function findRole(db: Db, id: number) {
  return db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Roles of the given groups with their activity ids and how many users hold them. */
export async function rolesOfGroups(db: Db, groupIds: readonly number[]) {
  if (groupIds.length === 0) return [];
  const roles = await db
    .selectFrom('roles as r')
    .innerJoin('groups as g', 'g.id', 'r.group_id')
    .select(['r.id', 'r.name', 'r.description', 'r.group_id', 'g.group_name'])
    .select((eb) =>
      eb
        .selectFrom('user_group_roles as m')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('m.role_id', '=', 'r.id')
        .as('users'),
    )
    .where('r.group_id', 'in', groupIds)
    .orderBy('g.group_name')
    .orderBy('r.name')
    .execute();
  const ids = roles.map((r) => r.id);
  const grants = ids.length
    ? await db
        .selectFrom('role_activities')
        .select(['role_id', 'activity_id'])
        .where('role_id', 'in', ids)
        .execute()
    : [];
  return roles.map((r) => ({
    ...r,
    users: Number(r.users),
    activity_ids: grants.filter((g) => g.role_id === r.id).map((g) => g.activity_id),
  }));
}

/** Replaces a role's activities with `activityIds` (unknown ids are dropped by the join). */
export async function setRoleActivities(db: Db, roleId: number, activityIds: readonly number[]) {
  await db.deleteFrom('role_activities').where('role_id', '=', roleId).execute();
  if (activityIds.length === 0) return;
  await db
    .insertInto('role_activities')
    .columns(['role_id', 'activity_id'])
    .expression(
      db
        .selectFrom('activities')
        .select((eb) => [eb.val(roleId).as('role_id'), 'id as activity_id'])
        .where('id', 'in', activityIds)
        .where('active', '=', true),
    )
    .execute();
}

export async function roleInUse(db: Db, roleId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_group_roles')
    .select('id')
    .where('role_id', '=', roleId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
