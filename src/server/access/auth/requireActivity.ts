import type { FastifyRequest } from 'fastify';
import type { AuthContext } from './authContext.js';
import { mayOpenScreen } from './mayOpenScreen.js';
import { ForbiddenError, UnauthorizedError } from '../../../shared/errors.js';

export const UNAUTHORIZED_USER = 'unauthorized user';

/**
 * Guards a screen's config and data: 401 without a session or group, 403 when the activity is
 * not granted (a share-link viewer is granted its one screen only). Returns the caller's context.
 */
export function requireActivity(
  request: FastifyRequest,
  activity: string,
): AuthContext & { groupId: number } {
  const auth = request.auth;
  if (!auth || auth.groupId === null) throw new UnauthorizedError(UNAUTHORIZED_USER);
  if (!mayOpenScreen(auth, activity)) throw new ForbiddenError(`Access denied to ${activity}`);
  return auth as AuthContext & { groupId: number };
}
