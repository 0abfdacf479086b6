import type { Kysely } from 'kysely';
import type { StoreDatabase } from './storeDatabase.js';

/** Appends to the audit log: who changed what (admin actions, share links, password changes). */
export async function audit(
  db: Kysely<StoreDatabase>,
  actorUserId: number | null,
  action: string,
  target: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ actor_user_id: actorUserId, action, target, detail: JSON.stringify(detail) })
    .execute();
}
