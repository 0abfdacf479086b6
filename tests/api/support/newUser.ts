import type { AuthServer } from '../authHarness.js';
import { PASSWORD } from '../authHarness.js';
import { hashPassword } from '../../../src/server/auth/password.js';
import { createUser } from '../../../src/server/store/userRepo.js';

let seq = 0;

/**
 * A fresh user of group 1 with the given role (own rate-limit keys, own outbox); `password: null`
 * makes one that has not set a password yet (not activated).
 */
export async function newUser(
  server: AuthServer,
  options: { password?: string | null; role?: string } = {},
): Promise<{ id: number; name: string }> {
  seq += 1;
  const name = `u${seq}-${process.pid}-${Date.now()}@example.com`;
  const db = server.deps.store.db;
  const user = await createUser(db, {
    user_name: name,
    first_name: 'Test',
    last_name: 'User',
    password_hash: options.password === null ? null : await hashPassword(options.password ?? PASSWORD),
    verified: options.password !== null,
  });
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('group_id', '=', 1)
    .where('name', '=', options.role ?? 'Admin')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_group_roles')
    .values({ user_id: user.id, group_id: 1, role_id: role.id })
    .execute();
  return { id: user.id, name };
}
