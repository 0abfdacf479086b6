import type { Kysely } from 'kysely';
import type { StoreDatabase, TokenPurpose } from './storeDatabase.js';

/** Reset and activation tokens: hashed, single-use, expiring. */
export async function insertToken(
  db: Kysely<StoreDatabase>,
  userId: number,
  purpose: TokenPurpose,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('tokens')
    .values({ user_id: userId, purpose, token_hash: tokenHash, expires_at: expiresAt })
    .execute();
}

/**
 * Consumes a token: marks it used and returns its user, or undefined when it is unknown, used or
 * expired. One UPDATE ... RETURNING, so two concurrent uses cannot both win.
 */
export async function consumeToken(
  db: Kysely<StoreDatabase>,
  purpose: TokenPurpose,
  tokenHash: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Uses up every outstanding token of the user: a completed reset or a change ends older links. */
export async function revokeTokensOfUser(db: Kysely<StoreDatabase>, userId: number): Promise<void> {
  await db
    .updateTable('tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
