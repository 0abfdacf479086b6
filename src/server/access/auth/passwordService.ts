import { BadRequestError } from '../../../shared/errors.js';
import { MSG, passwordProblem } from '../../../shared/auth/accessRules.js';
import { publicUrl } from '../../platform/settings/env.js';
import type { Kysely } from 'kysely';
import type { StoreDatabase, TokenPurpose, UserRow } from '../../platform/store/storeDatabase.js';
import { consumeToken, insertToken, revokeTokensOfUser } from '../../platform/store/tokenRepo.js';
import { findUserByName, setPasswordHash } from '../../platform/store/userRepo.js';
import { deleteSessionsOfUser } from '../../platform/store/sessionRepo.js';
import { audit } from '../../platform/store/auditRepo.js';
import { activationMail, resetMail } from '../../platform/mail/templates.js';
import { hashPassword } from './password.js';
import { randomToken, sha256 } from './secrets.js';
import type { AuthKit } from './kit.js';

export const TOKEN_HOURS: Record<TokenPurpose, number> = { reset: 1, activation: 72 };

/** Creates a single-use token and e-mails its link: reset -> /public/login?token=, activation -> /public/verifyuser?verify_token=. */
export async function sendUserToken(
  kit: AuthKit,
  user: Pick<UserRow, 'id' | 'user_name'>,
  purpose: TokenPurpose,
): Promise<void> {
  await kit.mailer.send(await userTokenMail(kit, kit.deps.store.db, user, purpose));
}

/** The token stored through `db` (a transaction's, for many at once) and the mail carrying its link, not sent yet. */
export async function userTokenMail(
  kit: AuthKit,
  db: Kysely<StoreDatabase>,
  user: Pick<UserRow, 'id' | 'user_name'>,
  purpose: TokenPurpose,
) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + TOKEN_HOURS[purpose] * 3600_000);
  await insertToken(db, user.id, purpose, sha256(token), expiresAt);
  const base = publicUrl(kit.deps.env);
  return purpose === 'reset'
    ? resetMail(user.user_name, `${base}/public/login?token=${token}`)
    : activationMail(user.user_name, `${base}/public/verifyuser?verify_token=${token}`);
}

/**
 * Forgot password: the answer never depends on whether the address is known. The lookup and the
 * e-mail run after the reply, so timing tells nothing either.
 */
export function requestReset(kit: AuthKit, email: string): void {
  setImmediate(() => {
    void (async () => {
      const user = await findUserByName(kit.deps.store.db, email);
      if (user && user.status === 'active') await sendUserToken(kit, user, 'reset');
    })().catch((error: unknown) => kit.log.error({ err: error }, 'reset e-mail failed'));
  });
}

/**
 * Sets a new password from a reset or activation token. The token is consumed before anything
 * else, so it works once, and the user's other links die with it; every session of the user ends (a reset means the old one may be known).
 */
export async function setPasswordWithToken(
  kit: AuthKit,
  purpose: TokenPurpose,
  token: string,
  password: string,
  confirm: string,
): Promise<void> {
  const problem = passwordProblem(password, confirm);
  if (problem) throw new BadRequestError(problem);
  const db = kit.deps.store.db;
  const userId = token ? await consumeToken(db, purpose, sha256(token)) : undefined;
  if (userId === undefined) throw new BadRequestError(MSG.tokenInvalid);
  await setPasswordHash(db, userId, await hashPassword(password));
  await deleteSessionsOfUser(db, userId);
  // Every other link of the user dies with this one: an older mail may sit in a shared inbox.
  await revokeTokensOfUser(db, userId);
  await audit(db, userId, purpose === 'reset' ? 'password.reset' : 'user.activated', `user:${userId}`);
}
