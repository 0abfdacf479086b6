import type { Kysely } from 'kysely';
import type { NewUser, StoreDatabase, UserRow } from './storeDatabase.js';
import { asNumberStyle, type NumberStyle } from '../../../shared/format/index.js';

/** Users: lookups by lower-cased e-mail, password and status changes, login timestamps. */
export function findUserByName(db: Kysely<StoreDatabase>, userName: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('user_name', '=', userName.trim().toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: Kysely<StoreDatabase>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function createUser(db: Kysely<StoreDatabase>, user: NewUser): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({ ...user, user_name: user.user_name.trim().toLowerCase() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setPasswordHash(
  db: Kysely<StoreDatabase>,
  userId: number,
  hash: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: hash, password_changed_at: new Date(), verified: true })
    .where('id', '=', userId)
    .execute();
}

export async function recordLogin(
  db: Kysely<StoreDatabase>,
  userId: number,
  success: boolean,
): Promise<void> {
  const now = new Date();
  await db
    .updateTable('users')
    .set(success ? { last_success_login: now } : { last_failed_login: now })
    .where('id', '=', userId)
    .execute();
}

export async function setUserStatus(
  db: Kysely<StoreDatabase>,
  userId: number,
  status: 'active' | 'blocked',
): Promise<boolean> {
  const result = await db.updateTable('users').set({ status }).where('id', '=', userId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The number style the user chose in the user menu, else the product's default. */
export async function userNumberStyle(db: Kysely<StoreDatabase>, id: number): Promise<NumberStyle> {
  const row = await db.selectFrom('users').select('number_style').where('id', '=', id).executeTakeFirst();
  return asNumberStyle(row?.number_style);
}

export async function setUserNumberStyle(
  db: Kysely<StoreDatabase>,
  id: number,
  style: NumberStyle,
): Promise<void> {
  await db.updateTable('users').set({ number_style: style }).where('id', '=', id).execute();
}
