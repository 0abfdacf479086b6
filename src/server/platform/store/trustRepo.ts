import type { Kysely } from 'kysely';
import type { StoreDatabase } from './storeDatabase.js';

/** Browsers a user trusted: their OTP step is skipped until the trust expires. */
export async function insertTrustedBrowser(
  db: Kysely<StoreDatabase>,
  userId: number,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('trusted_browsers')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
    .execute();
}

export async function isTrustedBrowser(
  db: Kysely<StoreDatabase>,
  userId: number,
  tokenHash: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('trusted_browsers')
    .select('id')
    .where('user_id', '=', userId)
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row !== undefined;
}
