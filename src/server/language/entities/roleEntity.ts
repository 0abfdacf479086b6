import { BadRequestError, ForbiddenError } from '../../../shared/errors.js';
import { ADMIN_MSG } from '../../../shared/admin/adminMessages.js';
import { PLATFORM_ACTIVITY_REFUSED } from '../../../shared/admin/adminActivities.js';
import { AuditedRefusal } from '../../platform/store/auditedRefusal.js';
import {
  countRoles,
  platformActivitiesAmong,
  removeUnusedRole,
  roleNamed,
  rolesOfGroups,
  saveRole,
  type RoleSort,
} from '../../platform/store/roleRepo.js';
import type { Db, EntityFields, EntityRepo, EntityRow, WriteContext } from './entityRepo.js';
import { claimVersion } from './versionGate.js';

/** One role with its group's name, activity ids and user count. */
async function roleRow(db: Db, id: number): Promise<EntityRow | undefined> {
  const owner = await db.selectFrom('roles').select('group_id').where('id', '=', id).executeTakeFirst();
  if (!owner) return undefined;
  const [row] = await rolesOfGroups(db, [owner.group_id], undefined, id);
  return row;
}

function values(fields: EntityFields) {
  return {
    group_id: fields.group_id as number,
    name: typeof fields.name === 'string' ? fields.name : '',
    description: typeof fields.description === 'string' ? fields.description : '',
  };
}

async function refuseClash(db: Db, groupId: number, name: string, id: number | null): Promise<void> {
  const clash = await roleNamed(db, groupId, name);
  if (clash && clash.id !== id) throw new BadRequestError(`Role ${name.trim()} already exists.`);
}

function callerOf(ctx: WriteContext | undefined): WriteContext {
  if (!ctx) throw new Error('role writes need the caller (WriteContext)');
  return ctx;
}

/**
 * A role naming a platform activity is refused (403) and the attempt audited, as the spec's role
 * routes do (roleAdminRoutes.ts): the write route writes the entry after the rollback.
 */
async function refusePlatformActivities(
  db: Db,
  ctx: WriteContext,
  groupId: number,
  roleId: number | null,
  activityIds: readonly number[],
): Promise<void> {
  const named = await platformActivitiesAmong(db, activityIds);
  if (named.length === 0) return;
  throw new AuditedRefusal(PLATFORM_ACTIVITY_REFUSED, {
    actor: ctx.actorUserId,
    groupId,
    entity: 'role',
    entityId: roleId ?? 0,
    action: 'role.refused',
    after: { activities: named, reason: PLATFORM_ACTIVITY_REFUSED },
  });
}

const activityIdsOf = (fields: EntityFields) => (fields.activity_ids as number[] | undefined) ?? [];

/**
 * The `role` entity: a group's role with its activities (overlay mode 4), written through the same
 * steps as the spec's role routes (src/store/roleRepo.ts saveRole, removeUnusedRole). A role stays
 * in its group; one a user holds is never deleted.
 */
export const roleEntity: EntityRepo = {
  groupOf: (row) => row.group_id as number,
  // A role lives in one group: found whatever the scope, so a foreign one is refused (403).
  find: (db, id) => roleRow(db, id),
  // Role names are unique per group only; the write checks that (refuseClash).
  findByUnique: () => Promise.resolve(undefined),
  async list(db, { groupIds, orderBy, descending, limit, offset }) {
    const page = { orderBy: orderBy as RoleSort, descending, limit, offset };
    const [rows, total] = await Promise.all([rolesOfGroups(db, groupIds, page), countRoles(db, groupIds)]);
    return { rows, total };
  },
  async create(db, fields, _actor, _groupId, ctx) {
    const v = values(fields);
    const caller = callerOf(ctx);
    if (!caller.scope.includes(v.group_id)) throw new ForbiddenError(ADMIN_MSG.notInScope);
    await refusePlatformActivities(db, caller, v.group_id, null, activityIdsOf(fields));
    await refuseClash(db, v.group_id, v.name, null);
    const row = await saveRole(db, null, v, activityIdsOf(fields));
    return (await roleRow(db, row.id))!;
  },
  async update(db, id, fields, readAt, ctx) {
    const before = await roleRow(db, id);
    if (!before) return { kind: 'missing' };
    const v = values(fields);
    if (v.group_id !== before.group_id) throw new BadRequestError('A role can not move to another group.');
    await refusePlatformActivities(db, callerOf(ctx), v.group_id, id, activityIdsOf(fields));
    const claim = await claimVersion(db, 'roles', id, readAt);
    if (claim !== 'claimed') return claim === 'stale' ? { kind: 'stale', row: before } : { kind: 'missing' };
    await refuseClash(db, v.group_id, v.name, id);
    await saveRole(db, id, v, activityIdsOf(fields));
    return { kind: 'written', row: (await roleRow(db, id))! };
  },
  async remove(db, id, readAt) {
    const before = await roleRow(db, id);
    if (!before) return { kind: 'missing' };
    const claim = await claimVersion(db, 'roles', id, readAt);
    if (claim !== 'claimed') return claim === 'stale' ? { kind: 'stale', row: before } : { kind: 'missing' };
    await removeUnusedRole(db, id);
    return { kind: 'written', row: before };
  },
};
