import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from './storeDatabase.js';
import { PLATFORM_ACTIVITIES } from '../../../shared/admin/adminActivities.js';

export interface UserGroup {
  id: number;
  group_name: string;
  /** 1 active; 0 expired (status not 1 or past its end date) — the spec's org_list status. */
  status: number;
}

/** Today as YYYY-MM-DD, the form end dates are stored in. */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Groups the user has an active role mapping in, with the effective status the login panel shows. */
export async function groupsOfUser(db: Kysely<StoreDatabase>, userId: number): Promise<UserGroup[]> {
  const rows = await db
    .selectFrom('user_group_roles as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .select(['g.id', 'g.group_name', 'g.status', 'g.end_date'])
    .where('m.user_id', '=', userId)
    .where('m.status', '=', true)
    .orderBy('g.id')
    .execute();
  const now = today();
  return rows.map((r) => ({
    id: r.id,
    group_name: r.group_name,
    status: r.status === 1 && (r.end_date === null || r.end_date >= now) ? 1 : 0,
  }));
}

/** Activity urls ('stock/kpi') of the user's active role in the group; empty when not mapped. */
export async function activitiesOf(
  db: Kysely<StoreDatabase>,
  userId: number,
  groupId: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('user_group_roles as m')
    .innerJoin('role_activities as ra', 'ra.role_id', 'm.role_id')
    .innerJoin('activities as a', 'a.id', 'ra.activity_id')
    .select('a.url')
    .where('m.user_id', '=', userId)
    .where('m.group_id', '=', groupId)
    .where('m.status', '=', true)
    .where('a.active', '=', true)
    .orderBy('a.url')
    .execute();
  return rows.map((r) => r.url);
}

/**
 * Makes the activities table match the config's screen permissions: new ones are added, missing
 * ones marked inactive (not deleted, so role mappings survive a screen coming back).
 */
export async function syncActivities(
  db: Kysely<StoreDatabase>,
  permissions: ReadonlyMap<string, string>,
): Promise<void> {
  const existing = await db.selectFrom('activities').select(['id', 'url', 'active']).execute();
  const known = new Map(existing.map((a) => [a.url, a]));
  const fresh = [...permissions].filter(([url]) => !known.has(url)).map(([url, name]) => ({ url, name }));
  if (fresh.length) await db.insertInto('activities').values(fresh).execute();
  for (const a of existing) {
    const wanted = permissions.has(a.url);
    if (a.active !== wanted)
      await db.updateTable('activities').set({ active: wanted }).where('id', '=', a.id).execute();
  }
  await applyAutoGrants(db);
}

/** Gives roles with an auto_grant pattern every matching activity they do not hold yet. */
export async function applyAutoGrants(db: Kysely<StoreDatabase>): Promise<void> {
  await db
    .insertInto('role_activities')
    .columns(['role_id', 'activity_id'])
    .expression(
      db
        .selectFrom('roles as r')
        .innerJoin('activities as a', (j) => j.on(sql<boolean>`a.url like r.auto_grant`))
        .select(['r.id as role_id', 'a.id as activity_id'])
        .where('r.auto_grant', 'is not', null)
        // '%' means every screen, never the platform's own activities (docs/principals.md).
        .where('a.url', 'not in', PLATFORM_ACTIVITIES),
    )
    .onConflict((oc) => oc.columns(['role_id', 'activity_id']).doNothing())
    .execute();
}
