import { sql, type Kysely } from 'kysely';
import { BadRequestError, ForbiddenError } from '../../../shared/errors.js';
import { ADMIN_MSG } from '../../../shared/admin/adminMessages.js';
import type { StoreDatabase } from './storeDatabase.js';
import { PLATFORM_ACTIVITIES, PLATFORM_ACTIVITY_REFUSED } from '../../../shared/admin/adminActivities.js';

type Db = Kysely<StoreDatabase>;

export function findRole(db: Db, id: number) {
  return db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The columns a page of roles may sort on (the generic rows route passes catalogue fields only). */
export type RoleSort = 'id' | 'name' | 'description' | 'group_id' | 'created_at' | 'updated_at';

export interface RolePage {
  orderBy: RoleSort;
  descending: boolean;
  limit: number;
  offset: number;
}

/** How many roles the groups hold (the grid's total). */
export async function countRoles(db: Db, groupIds: readonly number[]): Promise<number> {
  if (groupIds.length === 0) return 0;
  const { n } = await db
    .selectFrom('roles')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('group_id', 'in', groupIds)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Roles of the given groups with their activity ids and how many users hold them; all of them by
 * group and name, or one page sorted on a column; `id` narrows to one role.
 */
export async function rolesOfGroups(db: Db, groupIds: readonly number[], page?: RolePage, id?: number) {
  if (groupIds.length === 0) return [];
  let query = db
    .selectFrom('roles as r')
    .innerJoin('groups as g', 'g.id', 'r.group_id')
    .select(['r.id', 'r.name', 'r.description', 'r.group_id', 'g.group_name', 'r.updated_at'])
    .select((eb) =>
      eb
        .selectFrom('user_group_roles as m')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('m.role_id', '=', 'r.id')
        .as('users'),
    )
    .where('r.group_id', 'in', groupIds);
  if (id !== undefined) query = query.where('r.id', '=', id);
  query = page
    ? query
        .orderBy(`r.${page.orderBy}`, page.descending ? 'desc' : 'asc')
        .orderBy('r.id')
        .limit(page.limit)
        .offset(page.offset)
    : query.orderBy('g.group_name').orderBy('r.name');
  const roles = await query.execute();
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

/** Another role of the group with this name (names are unique within a group, not across). */
export function roleNamed(db: Db, groupId: number, name: string) {
  return db
    .selectFrom('roles')
    .select('id')
    .where('group_id', '=', groupId)
    .where('name', '=', name.trim())
    .executeTakeFirst();
}

/**
 * Creates a role (no `existingId`) or rewrites its name and description, then sets its
 * activities: the one write of a role for both the spec's role routes and the `role` entity.
 */
/** Which of `activityIds` are platform activities (the screen editor): no group role may hold one. */
export async function platformActivitiesAmong(db: Db, activityIds: readonly number[]): Promise<string[]> {
  if (activityIds.length === 0) return [];
  const rows = await db
    .selectFrom('activities')
    .select('url')
    .where('id', 'in', activityIds)
    .where('url', 'in', PLATFORM_ACTIVITIES)
    .execute();
  return rows.map((r) => r.url);
}

export async function saveRole(
  tx: Db,
  existingId: number | null,
  values: { group_id: number; name: string; description: string },
  activityIds: readonly number[],
) {
  // Every role write passes here (the role routes and the role entity): the last line of defence.
  if ((await platformActivitiesAmong(tx, activityIds)).length > 0)
    throw new ForbiddenError(PLATFORM_ACTIVITY_REFUSED);
  const set = { name: values.name.trim(), description: values.description.trim() };
  const row =
    existingId !== null
      ? await tx
          .updateTable('roles')
          .set({ ...set, updated_at: sql<Date>`clock_timestamp()` })
          .where('id', '=', existingId)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await tx
          .insertInto('roles')
          .values({ ...set, group_id: values.group_id })
          .returningAll()
          .executeTakeFirstOrThrow();
  await setRoleActivities(tx, row.id, activityIds);
  return row;
}

/**
 * Deletes a role no user holds; a role in use is refused with the admin side's message. Checked
 * inside the transaction that deletes: a mapping added meanwhile still blocks it.
 */
export async function removeUnusedRole(tx: Db, roleId: number): Promise<void> {
  if (await roleInUse(tx, roleId)) throw new BadRequestError(ADMIN_MSG.roleInUse);
  await tx.deleteFrom('roles').where('id', '=', roleId).execute();
}
