import { randomInt } from 'node:crypto';
import type { SessionRow, UserRow } from '../../platform/store/storeDatabase.js';
import { currentOtp, markOtpUsed, replaceOtp, spendAttempt } from '../../platform/store/otpRepo.js';
import { otpMail } from '../../platform/mail/templates.js';
import { hmac, safeEqual } from './secrets.js';
import type { AuthKit } from './kit.js';

export const OTP_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

/** Keyed by the login session: a code is worthless outside the login that asked for it. */
function codeHash(kit: AuthKit, sessionId: string, code: string): string {
  return hmac(kit.secret, `otp:${sessionId}:${code}`);
}

/** Issues a fresh 6-digit code for the login (retiring any previous one) and e-mails it. */
export async function issueOtp(
  kit: AuthKit,
  session: Pick<SessionRow, 'id'>,
  user: Pick<UserRow, 'user_name'>,
): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(Date.now() + OTP_MINUTES * 60_000);
  await replaceOtp(kit.deps.store.db, session.id, codeHash(kit, session.id, code), expiresAt);
  await kit.mailer.send(otpMail(user.user_name, code));
}

/** True when the code is the login's current one, unexpired, under the attempt limit; it is then used up. */
export async function checkOtp(kit: AuthKit, sessionId: string, code: string): Promise<boolean> {
  const db = kit.deps.store.db;
  const otp = await currentOtp(db, sessionId);
  if (!otp || otp.expires_at.getTime() <= Date.now()) return false;
  if (!(await spendAttempt(db, otp.id, OTP_MAX_ATTEMPTS))) return false;
  if (!safeEqual(codeHash(kit, sessionId, code), otp.code_hash)) return false;
  return markOtpUsed(db, otp.id);
}
