import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from '../../../shared/errors.js';
import { ADMIN_MSG } from '../../../shared/admin/adminMessages.js';
import { requireAdminActivity, type ActiveAuth } from '../auth/guards.js';
import { groupsGranting } from '../../platform/store/adminScopeRepo.js';
import type { Deps } from '../../platform/deps.js';

/** The caller of an admin route and the groups their roles let them administer in this area. */
export interface AdminScope {
  auth: ActiveAuth;
  groups: number[];
  has(groupId: number): boolean;
  /** Refuses (403) a group outside the caller's scope: no read or write across tenants. */
  check(groupId: number): void;
}

export async function adminScope(deps: Deps, request: FastifyRequest, activity: string): Promise<AdminScope> {
  const auth = requireAdminActivity(request, activity);
  const groups = await groupsGranting(deps.store.db, auth.userId, activity);
  const set = new Set(groups);
  return {
    auth,
    groups,
    has: (groupId) => set.has(groupId),
    check(groupId) {
      if (!set.has(groupId)) throw new ForbiddenError(ADMIN_MSG.notInScope);
    },
  };
}
