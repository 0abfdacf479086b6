import { BadRequestError, ForbiddenError, UnauthorizedError } from '../../../shared/errors.js';
import { MSG } from '../../../shared/auth/accessRules.js';
import type { SessionRow, UserRow } from '../../platform/store/storeDatabase.js';
import { findUserById, findUserByName, recordLogin } from '../../platform/store/userRepo.js';
import { deleteSession, purgeExpiredSessions, updateSession } from '../../platform/store/sessionRepo.js';
import { groupsOfUser, type UserGroup } from '../../platform/store/accessRepo.js';
import { isTrustedBrowser } from '../../platform/store/trustRepo.js';
import { verifyPassword } from './password.js';
import { sha256 } from './secrets.js';
import { loginStepExpiry, startSession } from './sessions.js';
import { checkOtp, issueOtp } from './otp.js';
import type { AuthKit } from './kit.js';
import { assertAccountOpen, recordAccountFailure, resetAccountFailures } from './accountBudget.js';

export interface LoginStep {
  /** Token for the new session cookie. */
  token: string;
  /** true: the browser is trusted, so the OTP step is skipped and groups are listed. */
  settrustbrowser: boolean;
  /** Groups to choose from; empty until the OTP step passed. */
  org_list: UserGroup[];
}

/**
 * Step 1: credentials. Always starts a fresh session (a token from before the login is never
 * promoted). Trusted browsers go straight to group choice; others get an OTP by e-mail.
 */
export async function authenticate(
  kit: AuthKit,
  input: {
    username: string;
    password: string;
    trustToken: string | undefined;
    previousToken: string | undefined;
  },
): Promise<LoginStep> {
  const db = kit.deps.store.db;
  const user = await findUserByName(db, input.username);
  const trusted =
    user && input.trustToken ? await isTrustedBrowser(db, user.id, sha256(input.trustToken)) : false;
  if (user) await assertAccountOpen(kit, user.id, trusted);
  const valid = await verifyPassword(user?.password_hash, input.password);
  if (!user || !valid) {
    if (user) {
      await recordLogin(db, user.id, false);
      await recordAccountFailure(kit, user);
    }
    throw new UnauthorizedError(MSG.wrongCredentials);
  }
  const { token, id } = await beginLogin(kit, user, {
    previousToken: input.previousToken,
    verified: trusted,
  });
  if (trusted) await resetAccountFailures(kit, user.id);
  else await issueOtp(kit, { id }, user);
  return { token, settrustbrowser: trusted, org_list: trusted ? await groupsOfUser(db, user.id) : [] };
}

/**
 * The one place a sign-in opens its session, whoever proved the identity (a password here, an
 * identity provider in Sign in with Microsoft): a blocked user is refused, the login is recorded,
 * the browser's previous session ends, and a fresh one starts at the OTP step or, once
 * `verified` (a trusted browser, a provider's sign-in), at group choice. Group selection,
 * agreement and the rest follow from there unchanged.
 */
export async function beginLogin(
  kit: AuthKit,
  user: Pick<UserRow, 'id' | 'status'>,
  input: { previousToken: string | undefined; verified: boolean },
): Promise<{ token: string; id: string }> {
  const db = kit.deps.store.db;
  if (user.status !== 'active') throw new ForbiddenError(MSG.blocked);
  await recordLogin(db, user.id, true);
  if (input.previousToken) await deleteSession(db, sha256(input.previousToken));
  await purgeExpiredSessions(db);
  return startSession(db, {
    user_id: user.id,
    stage: input.verified ? 'group' : 'otp',
    otp_verified: input.verified,
    expires_at: loginStepExpiry(),
  });
}

function requireStage(session: SessionRow | null, stage: SessionRow['stage']): SessionRow {
  if (!session || session.stage !== stage || session.share_link_id !== null)
    throw new UnauthorizedError(MSG.unauthorizedUser);
  return session;
}

/** Step 2: the e-mailed code. On success the login moves to group choice. */
export async function verifyOtp(kit: AuthKit, session: SessionRow | null, otp: string): Promise<UserGroup[]> {
  const s = requireStage(session, 'otp');
  await assertAccountOpen(kit, s.user_id, false);
  if (!(await checkOtp(kit, s.id, otp))) {
    const user = await findUserById(kit.deps.store.db, s.user_id);
    if (user) await recordAccountFailure(kit, user);
    throw new BadRequestError(MSG.invalidOtp);
  }
  await resetAccountFailures(kit, s.user_id);
  await updateSession(kit.deps.store.db, s.id, {
    stage: 'group',
    otp_verified: true,
    expires_at: loginStepExpiry(),
  });
  return groupsOfUser(kit.deps.store.db, s.user_id);
}

export async function resendOtp(kit: AuthKit, session: SessionRow | null): Promise<void> {
  const s = requireStage(session, 'otp');
  await assertAccountOpen(kit, s.user_id, false);
  const user = await findUserById(kit.deps.store.db, s.user_id);
  if (!user) throw new UnauthorizedError(MSG.unauthorizedUser);
  // A resend hands out fresh code attempts: it spends the account's budget like a failure.
  await recordAccountFailure(kit, user);
  await issueOtp(kit, s, user);
}
