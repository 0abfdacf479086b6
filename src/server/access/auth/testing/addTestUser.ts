import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../../platform/store/storeDatabase.js';
import { hashPassword } from '../password.js';
import { createUser } from '../../../platform/store/userRepo.js';

/**
 * A user of group 1 (Demo Brands) with the named role, under a fresh name (own rate-limit keys,
 * own outbox); `password: null` makes one that has not set a password yet (not activated).
 */
export async function addTestUser(
  db: Kysely<StoreDatabase>,
  options: { name: string; password: string | null; role: string; firstName: string; lastName: string },
): Promise<{ id: number; name: string }> {
  const user = await createUser(db, {
    user_name: options.name,
    first_name: options.firstName,
    last_name: options.lastName,
    password_hash: options.password === null ? null : await hashPassword(options.password),
    verified: options.password !== null,
  });
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('group_id', '=', 1)
    .where('name', '=', options.role)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_group_roles')
    .values({ user_id: user.id, group_id: 1, role_id: role.id })
    .execute();
  return { id: user.id, name: options.name };
}
