import { BadRequestError, ForbiddenError, NotFoundError } from '../../../shared/errors.js';
import { ADMIN_MSG } from '../../../shared/admin/adminMessages.js';
import { ADMIN_ACTIVITIES, PLATFORM_ACTION_REFUSED } from '../../../shared/admin/adminActivities.js';
import { AuditedRefusal } from '../../platform/store/auditedRefusal.js';
import { userProblems, type MappingEntry, type UserPayload } from '../../../shared/admin/adminRules.js';
import { createUser, findUserById, findUserByName, setUserStatus } from '../../platform/store/userRepo.js';
import { deleteMapping, mappingsOf, putMapping, type MappingView } from '../../platform/store/mappingRepo.js';
import { usersGranting } from '../../platform/store/adminScopeRepo.js';
import { auditChange } from '../../platform/store/auditRepo.js';
import { deleteSessionsOfUser } from '../../platform/store/sessionRepo.js';
import { sendUserToken } from '../auth/passwordService.js';
import type { AuthKit } from '../auth/kit.js';
import type { AdminScope } from './adminScope.js';
import type { Kysely } from 'kysely';
import type { StoreDatabase, UserRow } from '../../platform/store/storeDatabase.js';

type Db = Kysely<StoreDatabase>;

/*
 * A user's admin writes, once, for both faces of the admin side: the spec's routes
 * (user/createv2, user/edit, user/changeUserStatus) and the generic write routes' `user` entity
 * (src/server/language/entities/userEntity.ts). The steps run on the caller's transaction.
 */

function refuseProblems(body: UserPayload, mode: 'create' | 'edit'): void {
  const problems = userProblems(body, mode);
  if (problems.length) throw new BadRequestError(problems[0]!.message, problems);
}

/** Every mapped group is one of `groups` (403 otherwise), and every role belongs to its group. */
export async function checkMappings(
  db: Db,
  groups: readonly number[],
  mappings: readonly MappingEntry[],
): Promise<void> {
  for (const m of mappings) {
    if (!groups.includes(m.group_id)) throw new ForbiddenError(ADMIN_MSG.notInScope);
    const role = await db
      .selectFrom('roles')
      .select('group_id')
      .where('id', '=', m.role_id)
      .executeTakeFirst();
    if (role?.group_id !== m.group_id)
      throw new BadRequestError(`role_id ${m.role_id} is not a role of group ${m.group_id}`);
  }
}

/** Inserts a not-yet-activated user with their mappings (names trimmed, no password). */
export async function insertUserWithMappings(tx: Db, body: UserPayload): Promise<UserRow> {
  if (await findUserByName(tx, body.user_name!)) throw new BadRequestError(ADMIN_MSG.userNameTaken);
  const row = await createUser(tx, {
    user_name: body.user_name!,
    first_name: body.first_name!.trim(),
    last_name: (body.last_name ?? '').trim(),
    password_hash: null,
    verified: false,
  });
  for (const m of body.mappings)
    await putMapping(tx, row.id, { group_id: m.group_id, role_id: m.role_id, status: m.status ?? true });
  return row;
}

/** Creates the user with their mappings in one transaction, then mails the activation link. */
export async function createAdminUser(kit: AuthKit, scope: AdminScope, body: UserPayload) {
  refuseProblems(body, 'create');
  const db = kit.deps.store.db;
  await checkMappings(db, scope.groups, body.mappings);
  const user = await db.transaction().execute(async (tx) => {
    const row = await insertUserWithMappings(tx, body);
    const after = { user_name: row.user_name, first_name: row.first_name, last_name: row.last_name };
    for (const m of body.mappings)
      await auditChange(tx, {
        actor: scope.auth.userId,
        groupId: m.group_id,
        entity: 'user',
        entityId: row.id,
        action: 'user.created',
        after: { ...after, role_id: m.role_id },
      });
    return row;
  });
  await sendUserToken(kit, user, 'activation');
  return { id: user.id, user_name: user.user_name };
}

/**
 * Writes names and the mappings of `groups` (the caller's; others are neither shown nor touched)
 * and refuses, with nothing written, an edit that leaves one of those groups without an active
 * admin. Returns the groups whose mappings the edit touched.
 */
export async function applyUserEdit(
  tx: Db,
  userId: number,
  before: readonly Pick<MappingView, 'group_id' | 'status'>[],
  body: UserPayload,
  groups: readonly number[],
): Promise<Set<number>> {
  await tx
    .updateTable('users')
    .set({ first_name: body.first_name!.trim(), last_name: (body.last_name ?? '').trim() })
    .where('id', '=', userId)
    .execute();
  const touched = new Set<number>();
  for (const m of body.mappings) {
    if (!groups.includes(m.group_id)) throw new ForbiddenError(ADMIN_MSG.notInScope);
    touched.add(m.group_id);
    if (m.is_delete) await deleteMapping(tx, userId, m.group_id);
    else await putMapping(tx, userId, { group_id: m.group_id, role_id: m.role_id, status: m.status ?? true });
  }
  const adminUrl = ADMIN_ACTIVITIES.users.url;
  for (const groupId of touched) {
    const wasAdmin = before.some((b) => b.group_id === groupId && b.status);
    if (wasAdmin && (await usersGranting(tx, groupId, adminUrl)).length === 0)
      throw new ForbiddenError(ADMIN_MSG.lastAdmin);
  }
  return touched;
}

/**
 * Edits names and the mappings of the caller's groups (the user name is locked on edit). Refuses
 * an edit that would leave one of those groups without an active admin.
 */
export async function editAdminUser(kit: AuthKit, scope: AdminScope, body: UserPayload & { id: number }) {
  const db = kit.deps.store.db;
  const target = await findUserById(db, body.id);
  const before = target ? await mappingsOf(db, target.id, scope.groups) : [];
  if (!target || before.length === 0) throw new NotFoundError(ADMIN_MSG.notInScope);
  refuseProblems({ ...body, user_name: target.user_name }, 'edit');
  await checkMappings(db, scope.groups, body.mappings);
  await db.transaction().execute(async (tx) => {
    const touched = await applyUserEdit(tx, target.id, before, body, scope.groups);
    const after = await mappingsOf(tx, target.id, scope.groups);
    for (const groupId of touched)
      await auditChange(tx, {
        actor: scope.auth.userId,
        groupId,
        entity: 'user',
        entityId: target.id,
        action: 'user.edited',
        before: before.find((b) => b.group_id === groupId) ?? null,
        after: after.find((a) => a.group_id === groupId) ?? null,
      });
  });
  return { id: target.id };
}

/**
 * Blocks or unblocks a user: never yourself, and a blocked user's sessions end at once (they are
 * checked against the status on every call; deleting them also frees the rows).
 */
export async function setBlocked(
  db: Db,
  actorUserId: number,
  userId: number,
  status: 'active' | 'blocked',
  scope: readonly number[],
): Promise<boolean> {
  if (userId === actorUserId && status === 'blocked') throw new BadRequestError(ADMIN_MSG.blockSelf);
  await refuseBeyondScope(db, actorUserId, userId, status, scope);
  if (!(await setUserStatus(db, userId, status))) return false;
  if (status === 'blocked') await deleteSessionsOfUser(db, userId);
  return true;
}

/**
 * A block is the account's, in every group it belongs to (docs/principals.md): a group admin may
 * block or unblock only a user all of whose groups they administer, and never platform staff.
 * Anyone else is refused (403, audited): they deactivate the user's role in their own group.
 * Platform staff stand above groups and may.
 */
async function refuseBeyondScope(
  db: Db,
  actorUserId: number,
  userId: number,
  status: 'active' | 'blocked',
  scope: readonly number[],
): Promise<void> {
  const people = await db
    .selectFrom('users')
    .select(['id', 'is_platform_staff'])
    .where('id', 'in', [actorUserId, userId])
    .execute();
  if (people.find((p) => p.id === actorUserId)?.is_platform_staff) return;
  const target = people.find((p) => p.id === userId);
  const elsewhere = await db
    .selectFrom('user_group_roles')
    .select('group_id')
    .where('user_id', '=', userId)
    .$if(scope.length > 0, (q) => q.where('group_id', 'not in', scope))
    .execute();
  if (!target?.is_platform_staff && elsewhere.length === 0) return;
  throw new AuditedRefusal(PLATFORM_ACTION_REFUSED.sharedUser, {
    actor: actorUserId,
    groupId: scope[0] ?? null,
    entity: 'user',
    entityId: userId,
    action: 'user.refused',
    after: {
      reason: PLATFORM_ACTION_REFUSED.sharedUser,
      status,
      other_groups: elsewhere.map((g) => g.group_id),
      platform_staff: target?.is_platform_staff ?? false,
    },
  });
}
