import type { FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../../shared/errors.js';
import { MSG } from '../../shared/auth/accessRules.js';
import type { AuthContext } from './authContext.js';
import { findUserById } from '../store/userRepo.js';
import type { Deps } from '../deps.js';

export type ActiveAuth = AuthContext & { groupId: number };

/** An active session with a group (share-link viewers included). */
export function requireSession(request: FastifyRequest): ActiveAuth {
  const auth = request.auth;
  if (!auth || auth.groupId === null) throw new UnauthorizedError(MSG.unauthorizedUser);
  return auth as ActiveAuth;
}

/** A logged-in user, not a share-link viewer. */
export function requireUser(request: FastifyRequest): ActiveAuth {
  const auth = requireSession(request);
  if (auth.readMode) throw new ForbiddenError('Not available in read mode');
  return auth;
}

/** Staff with the admin flag. */
export async function requireAdmin(deps: Deps, request: FastifyRequest): Promise<ActiveAuth> {
  const auth = requireUser(request);
  const user = await findUserById(deps.store.db, auth.userId);
  if (!user?.is_admin) throw new ForbiddenError('Access denied');
  return auth;
}
