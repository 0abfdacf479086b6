import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from './storeDatabase.js';

type Db = Kysely<StoreDatabase>;

export interface StaffListRow {
  id: number;
  user_name: string;
  first_name: string;
  last_name: string;
  status: 'active' | 'blocked';
  is_platform_staff: boolean;
  /** Yes / No, as the grid shows it. */
  staff: string;
  /** The user's groups, by name, comma separated (who they are to the tenants). */
  groups: string;
}

/** Every user of the platform, staff first, then by user name: the Platform Settings grid. */
export async function listUsersForStaff(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ rows: StaffListRow[]; total: number }> {
  const rows = await db
    .selectFrom('users as u')
    .select(['u.id', 'u.user_name', 'u.first_name', 'u.last_name', 'u.status', 'u.is_platform_staff'])
    .select(sql<string>`CASE WHEN u.is_platform_staff THEN 'Yes' ELSE 'No' END`.as('staff'))
    .select(
      sql<string>`coalesce((
        SELECT string_agg(g.group_name, ', ' ORDER BY g.group_name)
          FROM user_group_roles m JOIN groups g ON g.id = m.group_id
         WHERE m.user_id = u.id), '')`.as('groups'),
    )
    .orderBy('u.is_platform_staff', 'desc')
    .orderBy('u.user_name')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

/**
 * Sets a user's staff flag, in the caller's transaction. Unmarking first locks every staff row in
 * id order, so two staff unmarking each other at once neither deadlock nor leave the platform
 * without staff: the second waits, then finds it would unmark the last. 'last' when it would be;
 * 'missing' for no such user.
 */
export async function setPlatformStaff(
  tx: Db,
  userId: number,
  staff: boolean,
): Promise<'written' | 'unchanged' | 'last' | 'missing'> {
  const staffIds = staff
    ? []
    : (
        await tx
          .selectFrom('users')
          .select('id')
          .where('is_platform_staff', '=', true)
          .orderBy('id')
          .forUpdate()
          .execute()
      ).map((r) => r.id);
  const user = await tx
    .selectFrom('users')
    .select(['id', 'is_platform_staff'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!user) return 'missing';
  if (user.is_platform_staff === staff) return 'unchanged';
  if (!staff && staffIds.every((id) => id === userId)) return 'last';
  await tx
    .updateTable('users')
    .set({ is_platform_staff: staff, updated_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', userId)
    .execute();
  return 'written';
}
