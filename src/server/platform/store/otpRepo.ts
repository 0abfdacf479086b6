import type { Kysely } from 'kysely';
import type { StoreDatabase } from './storeDatabase.js';

/** One-time codes, stored hashed and bound to the login session that asked for them. */
export async function replaceOtp(
  db: Kysely<StoreDatabase>,
  sessionId: string,
  codeHash: string,
  expiresAt: Date,
): Promise<void> {
  // A resend retires the previous code: only the newest one can be used.
  await db.deleteFrom('otps').where('session_id', '=', sessionId).execute();
  await db
    .insertInto('otps')
    .values({ session_id: sessionId, code_hash: codeHash, expires_at: expiresAt })
    .execute();
}

export function currentOtp(db: Kysely<StoreDatabase>, sessionId: string) {
  return db
    .selectFrom('otps')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * Spends one attempt; false when the limit is already reached. One conditional UPDATE, so
 * parallel guesses cannot slip past the limit.
 */
export async function spendAttempt(
  db: Kysely<StoreDatabase>,
  otpId: number,
  maxAttempts: number,
): Promise<boolean> {
  const row = await db
    .updateTable('otps')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', otpId)
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the code used; false when another request used it first. */
export async function markOtpUsed(db: Kysely<StoreDatabase>, otpId: number): Promise<boolean> {
  const r = await db
    .updateTable('otps')
    .set({ used_at: new Date() })
    .where('id', '=', otpId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}
