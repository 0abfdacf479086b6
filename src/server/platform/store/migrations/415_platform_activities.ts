import { sql, type Kysely } from 'kysely';

/**
 * Create Account and Platform Settings became platform activities (docs/principals.md): a new tenant
 * and the staff flag are platform-wide. Group roles lose the grants they held (the Admin roles'
 * auto-grant '%' had given Create Account to every tenant's admin), so a role edit that keeps its
 * activities is not refused for naming one. The urls are written out: this migration removes
 * what was platform-wide when it was written, whatever the list says later.
 */
const MADE_PLATFORM = ['client/createaccount', 'platform/settings'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM role_activities WHERE activity_id IN
    (SELECT id FROM activities WHERE url IN (${sql.join(MADE_PLATFORM)}))`.execute(db);
}

/** The grants are not given back: which roles held them is not kept. */
export function down(): Promise<void> {
  return Promise.resolve();
}
