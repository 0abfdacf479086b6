import { BadRequestError, ForbiddenError } from '../../../shared/errors.js';
import { ADMIN_MSG } from '../../../shared/admin/adminMessages.js';
import { putMapping } from '../../platform/store/mappingRepo.js';
import { checkMappings } from './userAdminService.js';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';

type Db = Kysely<StoreDatabase>;

/** The manage-users form (docs/product-spec.md §2, §3): users picked by name, mapped to a group with one role. */
export interface GroupMembersPayload {
  group_id: number;
  role_id: number;
  user_ids: number[];
}

/**
 * Maps existing users to a group with a role, on the caller's transaction. The group and every
 * user must be in the caller's groups (403: an admin of A never reaches B's users); a user already
 * mapped to the group is refused with the spec's 'Group is already mapped with a role' (one role
 * per group, §6), nothing written. The caller audits the write (one entry, the group's).
 */
export async function addUsersToGroup(
  tx: Db,
  scope: readonly number[],
  body: GroupMembersPayload,
): Promise<GroupMembersPayload> {
  const userIds = [...new Set(body.user_ids)];
  if (userIds.length === 0) throw new BadRequestError(ADMIN_MSG.manageUserName);
  await checkMappings(tx, scope, [{ group_id: body.group_id, role_id: body.role_id }]);
  const known = await tx
    .selectFrom('user_group_roles')
    .select(['user_id', 'group_id'])
    .where('user_id', 'in', userIds)
    .where('group_id', 'in', [...scope])
    .execute();
  for (const id of userIds)
    if (!known.some((k) => k.user_id === id)) throw new ForbiddenError(ADMIN_MSG.notInScope);
  if (known.some((k) => k.group_id === body.group_id)) throw new BadRequestError(ADMIN_MSG.groupMapped);
  for (const id of userIds) {
    await putMapping(tx, id, { group_id: body.group_id, role_id: body.role_id, status: true });
    // A user's edit form read before this write is now stale (versionGate).
    await tx.updateTable('users').set({ updated_at: new Date() }).where('id', '=', id).execute();
  }
  return { group_id: body.group_id, role_id: body.role_id, user_ids: userIds };
}
