import { BadRequestError, ForbiddenError, NotFoundError } from '../../shared/errors.js';
import { ADMIN_MSG } from '../../shared/admin/adminMessages.js';
import { ADMIN_ACTIVITIES } from '../../shared/admin/adminActivities.js';
import { userProblems, type MappingEntry, type UserPayload } from '../../shared/admin/adminRules.js';
import { createUser, findUserById, findUserByName } from '../store/userRepo.js';
import { deleteMapping, mappingsOf, putMapping } from '../store/mappingRepo.js';
import { usersGranting } from '../store/adminScopeRepo.js';
import { auditChange } from '../store/auditRepo.js';
import { sendUserToken } from '../auth/passwordService.js';
import type { AuthKit } from '../auth/kit.js';
import type { AdminScope } from './adminScope.js';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../store/storeDatabase.js';

type Db = Kysely<StoreDatabase>;

function refuseProblems(body: UserPayload, mode: 'create' | 'edit'): void {
  const problems = userProblems(body, mode);
  if (problems.length) throw new BadRequestError(problems[0]!.message, problems);
}

/** Every mapped group is the caller's, and every role belongs to its group. */
async function checkMappings(db: Db, scope: AdminScope, mappings: MappingEntry[]): Promise<void> {
  for (const m of mappings) {
    scope.check(m.group_id);
    const role = await db
      .selectFrom('roles')
      .select('group_id')
      .where('id', '=', m.role_id)
      .executeTakeFirst();
    if (role?.group_id !== m.group_id)
      throw new BadRequestError(`role_id ${m.role_id} is not a role of group ${m.group_id}`);
  }
}

/** Creates the user with their mappings in one transaction, then mails the activation link. */
export async function createAdminUser(kit: AuthKit, scope: AdminScope, body: UserPayload) {
  refuseProblems(body, 'create');
  const db = kit.deps.store.db;
  await checkMappings(db, scope, body.mappings);
  if (await findUserByName(db, body.user_name!)) throw new BadRequestError(ADMIN_MSG.userNameTaken);
  const user = await db.transaction().execute(async (tx) => {
    const row = await createUser(tx, {
      user_name: body.user_name!,
      first_name: body.first_name!.trim(),
      last_name: (body.last_name ?? '').trim(),
      password_hash: null,
      verified: false,
    });
    for (const m of body.mappings)
      await putMapping(tx, row.id, { group_id: m.group_id, role_id: m.role_id, status: m.status ?? true });
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
 * Edits names and the mappings of the caller's groups (the user name is locked on edit; mappings
 * in other tenants are neither shown nor touched). Refuses, with nothing written, an edit that
 * would leave one of those groups without an active admin.
 */
export async function editAdminUser(kit: AuthKit, scope: AdminScope, body: UserPayload & { id: number }) {
  const db = kit.deps.store.db;
  const target = await findUserById(db, body.id);
  const before = target ? await mappingsOf(db, target.id, scope.groups) : [];
  if (!target || before.length === 0) throw new NotFoundError(ADMIN_MSG.notInScope);
  refuseProblems({ ...body, user_name: target.user_name }, 'edit');
  await checkMappings(db, scope, body.mappings);
  const adminUrl = ADMIN_ACTIVITIES.users.url;
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('users')
      .set({ first_name: body.first_name!.trim(), last_name: (body.last_name ?? '').trim() })
      .where('id', '=', target.id)
      .execute();
    const touched = new Set<number>();
    for (const m of body.mappings) {
      touched.add(m.group_id);
      if (m.is_delete) await deleteMapping(tx, target.id, m.group_id);
      else
        await putMapping(tx, target.id, {
          group_id: m.group_id,
          role_id: m.role_id,
          status: m.status ?? true,
        });
    }
    const after = await mappingsOf(tx, target.id, scope.groups);
    for (const groupId of touched) {
      const wasAdmin = before.some((b) => b.group_id === groupId && b.status);
      if (wasAdmin && (await usersGranting(tx, groupId, adminUrl)).length === 0)
        throw new ForbiddenError(ADMIN_MSG.lastAdmin);
      await auditChange(tx, {
        actor: scope.auth.userId,
        groupId,
        entity: 'user',
        entityId: target.id,
        action: 'user.edited',
        before: before.find((b) => b.group_id === groupId) ?? null,
        after: after.find((a) => a.group_id === groupId) ?? null,
      });
    }
  });
  return { id: target.id };
}
