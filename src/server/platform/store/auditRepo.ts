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

export interface AuditChange {
  actor: number;
  groupId: number | null;
  entity: string;
  entityId: number;
  action: string;
  before?: unknown;
  after?: unknown;
}

/** An admin write's entry: who, group, entity, before -> after. Run inside the write's transaction. */
export async function auditChange(db: Kysely<StoreDatabase>, change: AuditChange): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: change.actor,
      action: change.action,
      target: `${change.entity}:${change.entityId}`,
      entity: change.entity,
      group_id: change.groupId,
      detail: JSON.stringify({ before: change.before ?? null, after: change.after ?? null }),
    })
    .execute();
}
