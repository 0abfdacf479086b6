import type { Kysely } from 'kysely';
import type { StoreDatabase } from './storeDatabase.js';

/**
 * The groups an entry belongs to when its writer named none (Client Logs lists entries by group):
 * the detail's `group_id`; the group of the share link it is about; for an account event
 * ('user:<id>': password changed or reset, activation, block) every group the user is mapped to,
 * each of which sees its member's event. None for anything else (a screen file is every group's).
 */
async function groupsOf(
  db: Kysely<StoreDatabase>,
  target: string,
  detail: Record<string, unknown>,
): Promise<(number | null)[]> {
  // `group_id`, not `groupId`: a screen file saved by staff carries the session's group, yet it is
  // every group's (configEditor/saveConfigFile.ts), so it stays out of any one group's log.
  if (typeof detail.group_id === 'number') return [detail.group_id];
  const [, kind, id] = /^(share_link|user):(\d+)$/.exec(target) ?? [];
  if (kind === 'share_link') {
    const row = await db
      .selectFrom('share_links')
      .select('group_id')
      .where('id', '=', Number(id))
      .executeTakeFirst();
    return [row?.group_id ?? null];
  }
  if (kind === 'user') {
    const rows = await db
      .selectFrom('user_group_roles')
      .select('group_id')
      .distinct()
      .where('user_id', '=', Number(id))
      .orderBy('group_id')
      .execute();
    if (rows.length) return rows.map((r) => r.group_id);
  }
  return [null];
}

/** Appends to the audit log: who changed what (admin actions, share links, password changes). */
export async function audit(
  db: Kysely<StoreDatabase>,
  actorUserId: number | null,
  action: string,
  target: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  const groups = await groupsOf(db, target, detail);
  await db
    .insertInto('audit_log')
    .values(
      groups.map((groupId) => ({
        actor_user_id: actorUserId,
        action,
        target,
        group_id: groupId,
        detail: JSON.stringify(detail),
      })),
    )
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
