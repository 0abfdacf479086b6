import type { FastifyRequest } from 'fastify';
import { BadRequestError, TooManyRequestsError } from '../../../shared/errors.js';
import { MSG, passwordProblem } from '../../../shared/auth/accessRules.js';
import { findUserById, setPasswordHash } from '../../platform/store/userRepo.js';
import { deleteOtherSessionsOfUser } from '../../platform/store/sessionRepo.js';
import { revokeTokensOfUser } from '../../platform/store/tokenRepo.js';
import { audit } from '../../platform/store/auditRepo.js';
import { hashPassword, verifyPassword } from './password.js';
import type { ActiveAuth } from './guards.js';
import type { AuthKit } from './kit.js';

/**
 * Guessing the current password through this route: 10 tries per 5 minutes per user. Keyed by
 * the signed-in user (known by the time the preHandler limit runs), not by the address, which a
 * client behind the proxy setting can choose.
 */
export const changePasswordLimit = {
  max: 10,
  timeWindow: 5 * 60_000,
  keyGenerator: (r: FastifyRequest) => `change-password:${r.auth?.userId ?? `anon:${r.ip}`}`,
  errorResponseBuilder: () => new TooManyRequestsError(MSG.tooMany),
};

export const WRONG_CURRENT_PASSWORD = 'Current password is not correct';

/**
 * Logged-in change: the current password proves presence. Every other session of the user ends
 * (whoever knew the old password may hold one) and outstanding reset links die; this one stays.
 */
export async function changePassword(
  kit: AuthKit,
  auth: ActiveAuth,
  input: { current: string; password: string; confirm: string },
): Promise<void> {
  const problem = passwordProblem(input.password, input.confirm);
  if (problem) throw new BadRequestError(problem);
  const db = kit.deps.store.db;
  const user = await findUserById(db, auth.userId);
  if (!user || !(await verifyPassword(user.password_hash, input.current))) {
    throw new BadRequestError(WRONG_CURRENT_PASSWORD);
  }
  await setPasswordHash(db, user.id, await hashPassword(input.password));
  await deleteOtherSessionsOfUser(db, user.id, auth.sessionId);
  await revokeTokensOfUser(db, user.id);
  await audit(db, user.id, 'password.changed', `user:${user.id}`);
}
