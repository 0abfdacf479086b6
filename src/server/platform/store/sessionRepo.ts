import { sql } from 'kysely';
import type { Kysely, Updateable } from 'kysely';
import type { SessionRow, SessionsTable, StoreDatabase } from './storeDatabase.js';
import { PLATFORM_ACTIVITIES } from '../../../shared/admin/adminActivities.js';

/** Server-side sessions, keyed by the hash of their cookie token. */
export async function insertSession(
  db: Kysely<StoreDatabase>,
  row: {
    id: string;
    user_id: number;
    stage: SessionRow['stage'];
    expires_at: Date;
    group_id?: number | null;
    share_link_id?: number | null;
    otp_verified?: boolean;
  },
): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** A live session of an active user (a blocked user's sessions stop working at once). */
export function findLiveSession(db: Kysely<StoreDatabase>, id: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('s')
    .where('s.id', '=', id)
    .where('s.expires_at', '>', new Date())
    .where('u.status', '=', 'active')
    .executeTakeFirst();
}

/**
 * The live session and, in the same round trip, the activities its user's role grants in the
 * session's group: the auth hook runs on every request, so one query instead of two.
 */
export async function findLiveSessionWithActivities(
  db: Kysely<StoreDatabase>,
  id: string,
): Promise<(SessionRow & { activities: string[] }) | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('s')
    .select(
      // A role never grants a platform activity (docs/principals.md): only the staff flag does.
      sql<string[] | null>`(
        SELECT array_agg(a.url ORDER BY a.url)
        FROM user_group_roles m
        JOIN role_activities ra ON ra.role_id = m.role_id
        JOIN activities a ON a.id = ra.activity_id
        WHERE m.user_id = s.user_id AND m.group_id = s.group_id AND m.status = true AND a.active = true
          AND a.url NOT IN (${sql.join(PLATFORM_ACTIVITIES)})
      )`.as('activities'),
    )
    .select('u.is_platform_staff')
    .where('s.id', '=', id)
    .where('s.expires_at', '>', new Date())
    .where('u.status', '=', 'active')
    .executeTakeFirst();
  if (!row) return undefined;
  const { is_platform_staff: staff, ...session } = row;
  return { ...session, activities: [...(row.activities ?? []), ...(staff ? PLATFORM_ACTIVITIES : [])] };
}

export async function updateSession(
  db: Kysely<StoreDatabase>,
  id: string,
  changes: Updateable<SessionsTable>,
): Promise<void> {
  await db.updateTable('sessions').set(changes).where('id', '=', id).execute();
}

export async function deleteSession(db: Kysely<StoreDatabase>, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteSessionsOfUser(db: Kysely<StoreDatabase>, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Ends the user's sessions but `keepId` (the one that changed the password). */
export async function deleteOtherSessionsOfUser(
  db: Kysely<StoreDatabase>,
  userId: number,
  keepId: string,
): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepId).execute();
}

export async function deleteSessionsOfShareLink(db: Kysely<StoreDatabase>, linkId: number): Promise<void> {
  await db.deleteFrom('sessions').where('share_link_id', '=', linkId).execute();
}

/** Drops expired sessions (their OTPs go with them); run now and then, e.g. at each login. */
export async function purgeExpiredSessions(db: Kysely<StoreDatabase>): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', new Date()).execute();
}
