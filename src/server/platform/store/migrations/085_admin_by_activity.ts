import type { Kysely } from 'kysely';

/**
 * Who may open the admin side is a role's activities (src/shared/admin/adminActivities.ts), so
 * the user flag goes: nothing may keep deciding access behind the roles' back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('is_admin').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}
