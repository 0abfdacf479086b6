import type { Kysely } from 'kysely';
import type { Env } from '../../platform/settings/env.js';
import type { SessionRow, StoreDatabase } from '../../platform/store/storeDatabase.js';
import { insertSession, updateSession } from '../../platform/store/sessionRepo.js';
import { randomToken, sha256 } from './secrets.js';

/** A login that has not reached a group yet lives this long. */
export const LOGIN_STEP_MINUTES = 15;

export function activeExpiry(env: Env): Date {
  return new Date(Date.now() + env.SESSION_TTL_HOURS * 3600_000);
}

export function loginStepExpiry(): Date {
  return new Date(Date.now() + LOGIN_STEP_MINUTES * 60_000);
}

/** Creates a session and returns the token for the cookie (the store keeps only its hash). */
export async function startSession(
  db: Kysely<StoreDatabase>,
  row: Omit<Parameters<typeof insertSession>[1], 'id'>,
): Promise<{ token: string; id: string }> {
  const token = randomToken();
  const id = sha256(token);
  await insertSession(db, { ...row, id });
  return { token, id };
}

/** Idle timeout: an active session's expiry moves forward as it is used (at most once a minute). */
export async function touchSession(db: Kysely<StoreDatabase>, env: Env, session: SessionRow): Promise<void> {
  if (!touchDue(session)) return;
  await updateSession(db, session.id, { last_seen_at: new Date(), expires_at: activeExpiry(env) });
}

/** Whether touchSession would write: an active, non-shared session last seen a minute ago or more. */
export function touchDue(session: SessionRow): boolean {
  return (
    session.stage === 'active' &&
    session.share_link_id === null &&
    Date.now() - session.last_seen_at.getTime() >= 60_000
  );
}
