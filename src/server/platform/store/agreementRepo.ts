import type { Kysely } from 'kysely';
import type { StoreDatabase } from './storeDatabase.js';

/** Licence acceptance per user and licence version. */
export async function acceptedAt(
  db: Kysely<StoreDatabase>,
  userId: number,
  version: string,
): Promise<Date | null> {
  const row = await db
    .selectFrom('agreement_acceptances')
    .select('accepted_at')
    .where('user_id', '=', userId)
    .where('version', '=', version)
    .executeTakeFirst();
  return row?.accepted_at ?? null;
}

export async function accept(db: Kysely<StoreDatabase>, userId: number, version: string): Promise<void> {
  await db
    .insertInto('agreement_acceptances')
    .values({ user_id: userId, version })
    .onConflict((oc) => oc.columns(['user_id', 'version']).doNothing())
    .execute();
}
