import type { AuthServer } from '../authHarness.js';
import { PASSWORD } from '../authHarness.js';
import { addTestUser } from '../../../src/server/access/auth/testing/addTestUser.js';

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
  return addTestUser(server.deps.store.db, {
    name,
    password: options.password === null ? null : (options.password ?? PASSWORD),
    role: options.role ?? 'Admin',
    firstName: 'Test',
    lastName: 'User',
  });
}
