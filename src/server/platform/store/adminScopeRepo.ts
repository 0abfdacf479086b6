import type { Kysely } from 'kysely';
import type { StoreDatabase } from './storeDatabase.js';

type Db = Kysely<StoreDatabase>;

/**
 * Groups in which `userId`'s active role grants `activity`: an admin reads and writes users,
 * roles and logs of these groups only (tenant scope of the admin side).
 */
export async function groupsGranting(db: Db, userId: number, activity: string): Promise<number[]> {
  const rows = await db
    .selectFrom('user_group_roles as m')
    .innerJoin('role_activities as ra', 'ra.role_id', 'm.role_id')
    .innerJoin('activities as a', 'a.id', 'ra.activity_id')
    .select('m.group_id')
    .distinct()
    .where('m.user_id', '=', userId)
    .where('m.status', '=', true)
    .where('a.url', '=', activity)
    .where('a.active', '=', true)
    .orderBy('m.group_id')
    .execute();
  return rows.map((r) => r.group_id);
}

/** Active users of `groupId` whose role grants `activity`, e.g. the group's remaining admins. */
export async function usersGranting(db: Db, groupId: number, activity: string): Promise<number[]> {
  const rows = await db
    .selectFrom('user_group_roles as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('role_activities as ra', 'ra.role_id', 'm.role_id')
    .innerJoin('activities as a', 'a.id', 'ra.activity_id')
    .select('m.user_id')
    .distinct()
    .where('m.group_id', '=', groupId)
    .where('m.status', '=', true)
    .where('u.status', '=', 'active')
    .where('a.url', '=', activity)
    .execute();
  return rows.map((r) => r.user_id);
}
