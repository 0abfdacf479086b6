import { BadRequestError, ConflictError, NotFoundError } from '../../../shared/errors.js';
import { ADMIN_MSG } from '../../../shared/admin/adminMessages.js';
import { groupProblems, type GroupPayload } from '../../../shared/admin/adminRules.js';
import {
  createGroup,
  findGroupByName,
  updateGroup,
  type GroupFields,
} from '../../platform/store/groupRepo.js';
import { makeGroupAdmin } from '../../language/entities/groupEntity.js';
import { auditChange } from '../../platform/store/auditRepo.js';
import type { Deps } from '../../platform/deps.js';
import type { AdminScope } from './adminScope.js';
import { PLATFORM_ACTION_REFUSED } from '../../../shared/admin/adminActivities.js';
import { AuditedRefusal, writeRefusalAudit } from '../../platform/store/auditedRefusal.js';
import { GROUP_SUBSCRIPTION_FIELDS, staffOnlyChanges } from '../../language/entities/staffOnlyChanges.js';
import { isPlatformStaff } from '../auth/guards.js';
import { refuseUnknownChannels } from '../../language/entities/channelChoices.js';

/** The spec's group payload (§3) in the store's column names. */
function toFields(b: GroupPayload): GroupFields {
  const opt = (v: string | undefined) => (v && v.trim() ? v.trim() : null);
  return {
    group_name: b.groupName!.trim(),
    end_date: b.end_date!,
    notify_to_email: opt(b.notifyToEmail),
    account_requested_by: opt(b.accountRequestedBy),
    account_manager_name: opt(b.accountManagerName),
    account_manager_email: opt(b.accountManagerEmail),
    associate1_name: opt(b.associate1Name),
    associate1_email: opt(b.associate1Email),
    associate2_name: opt(b.associate2Name),
    associate2_email: opt(b.associate2Email),
    task_id: opt(b.taskId),
    comments: (b.comments ?? '').trim(),
    operation_type: b.operationType?.[0] ?? 1,
    channels: b.channels ?? [],
    crawl_types: b.crawl_type ?? [],
    schema_types: b.schema_type ?? [],
  };
}

function refuse(body: GroupPayload): void {
  const problems = groupProblems(body);
  if (problems.length) throw new BadRequestError(problems[0]!.message, problems);
}

/**
 * Creates a group (overlay mode 1; platform staff, groupAdminRoutes.ts). Its creator becomes its first admin (an Admin role with every
 * activity), so the new tenant is administered by someone and falls inside their scope.
 */
export async function createAdminGroup(deps: Deps, actorUserId: number, body: GroupPayload) {
  refuse(body);
  await refuseUnknownChannels(deps.warehouse, body.channels ?? []);
  const db = deps.store.db;
  if (await findGroupByName(db, body.groupName!)) throw new BadRequestError(ADMIN_MSG.groupNameTaken);
  return db.transaction().execute(async (tx) => {
    const group = await createGroup(tx, toFields(body));
    await makeGroupAdmin(tx, group.id, actorUserId);
    await auditChange(tx, {
      actor: actorUserId,
      groupId: group.id,
      entity: 'group',
      entityId: group.id,
      action: 'group.created',
      after: group,
    });
    return group;
  });
}

/** The form's name of a group column, where it differs. */
const FORM_NAME: Record<string, string> = {
  crawl_types: 'crawl_type',
  schema_types: 'schema_type',
  operation_type: 'operationType',
};

/** Edits a group of the caller's; refused when the row changed since the editor read it. */
export async function editAdminGroup(
  deps: Deps,
  scope: AdminScope,
  body: GroupPayload & { group_id: number; updated_at: string },
) {
  scope.check(body.group_id);
  refuse(body);
  const db = deps.store.db;
  const same = await findGroupByName(db, body.groupName!);
  if (same && same.id !== body.group_id) throw new BadRequestError(ADMIN_MSG.groupNameTaken);
  return db
    .transaction()
    .execute(async (tx) => {
      const before = await tx
        .selectFrom('groups')
        .selectAll()
        .where('id', '=', body.group_id)
        .executeTakeFirst();
      const fields = toFields(body);
      // Only what the form names: a field it leaves out is not a change asked for.
      const named = Object.fromEntries(
        Object.entries(fields).filter(([k]) => Object.hasOwn(body, FORM_NAME[k] ?? k)),
      );
      const staffOnly = before ? staffOnlyChanges(GROUP_SUBSCRIPTION_FIELDS, before, named) : [];
      if (staffOnly.length && !isPlatformStaff(scope.auth))
        throw new AuditedRefusal(PLATFORM_ACTION_REFUSED.subscription, {
          actor: scope.auth.userId,
          groupId: scope.auth.groupId,
          entity: 'group',
          entityId: body.group_id,
          action: 'group.refused',
          after: {
            reason: PLATFORM_ACTION_REFUSED.subscription,
            route: 'POST group/edit',
            fields: staffOnly,
          },
        });
      await refuseUnknownChannels(deps.warehouse, body.channels ?? [], before?.channels ?? []);
      const result = await updateGroup(tx, body.group_id, fields, new Date(body.updated_at));
      if (result.kind === 'missing') throw new NotFoundError(ADMIN_MSG.notInScope);
      if (result.kind === 'stale') throw new ConflictError(ADMIN_MSG.staleEdit);
      await auditChange(tx, {
        actor: scope.auth.userId,
        groupId: body.group_id,
        entity: 'group',
        entityId: body.group_id,
        action: 'group.edited',
        before,
        after: result.row,
      });
      return result.row;
    })
    .catch((error: unknown) => writeRefusalAudit(db, error));
}
