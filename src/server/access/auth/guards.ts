import type { FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../../../shared/errors.js';
import { MSG } from '../../../shared/auth/accessRules.js';
import type { AuthContext } from './authContext.js';
import type { Deps } from '../../platform/deps.js';
import { ADMIN_ACTIVITIES, PLATFORM_ACTIVITIES } from '../../../shared/admin/adminActivities.js';

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

/**
 * A logged-in user whose role in the session's group grants the admin `activity` (the screen
 * editor's by default): admin areas are activities like any other, granted through roles.
 * Async and taking `deps` for the callers written when this read a user flag.
 */
export function requireAdmin(
  _deps: Deps,
  request: FastifyRequest,
  activity: string = ADMIN_ACTIVITIES.configEditor.url,
): Promise<ActiveAuth> {
  return Promise.resolve(requireAdminActivity(request, activity));
}

/** The synchronous form of requireAdmin, for the admin routes. */
export function requireAdminActivity(request: FastifyRequest, activity: string): ActiveAuth {
  const auth = requireUser(request);
  if (!auth.activities.has(activity)) throw new ForbiddenError('Access denied');
  return auth;
}

/**
 * Platform staff (docs/principals.md): a session holds the platform's activities (the screen
 * editor) only when its user is staff, never through a group role (sessionRepo.ts).
 */
export function requireStaff(request: FastifyRequest): ActiveAuth {
  const auth = requireUser(request);
  if (!isPlatformStaff(auth)) throw new ForbiddenError('Access denied');
  return auth;
}

/** Whether the session is platform staff's: it holds every platform activity (sessionRepo.ts). */
export function isPlatformStaff(auth: Pick<AuthContext, 'activities' | 'readMode'>): boolean {
  return !auth.readMode && PLATFORM_ACTIVITIES.every((a) => auth.activities.has(a));
}
