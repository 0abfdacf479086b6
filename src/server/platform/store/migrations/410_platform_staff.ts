import { sql, type Kysely } from 'kysely';
import { PLATFORM_ACTIVITIES } from '../../../../shared/admin/adminActivities.js';

/**
 * Platform staff (docs/principals.md): a principal above groups, a flag on the user, that alone
 * grants the screen editor. Group roles lose the editor they held (the Admin roles' auto-grant '%'
 * had given it to every tenant's admin); accessRepo.applyAutoGrants never gives it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_platform_staff', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`DELETE FROM role_activities WHERE activity_id IN
    (SELECT id FROM activities WHERE url IN (${sql.join(PLATFORM_ACTIVITIES)}))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('is_platform_staff').execute();
}
