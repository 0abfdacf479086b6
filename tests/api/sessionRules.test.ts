/**
 * "Tests that bite": session idle expiry and login-step expiry, CSRF on DELETE, a non-admin
 * calling admin actions. Times are moved in the store, as the clock would move them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PASSWORD, login, otpFor, startAuthServer, type AuthServer } from './authHarness.js';
import { newUser } from './support/newUser.js';
import { sha256 } from '../../src/server/access/auth/secrets.js';
import type { ApiClient } from './support/apiClient.js';

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer();
});
afterAll(() => server.close());

const sessionId = (c: ApiClient) => sha256(c.cookie('sid')!);
const expiresAt = async (c: ApiClient) =>
  (
    await server.deps.store.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('id', '=', sessionId(c))
      .executeTakeFirstOrThrow()
  ).expires_at;

describe('session expiry', () => {
  it('a session whose expires_at has passed gets 401', async () => {
    const c = await login(server, (await newUser(server)).name);
    expect((await c.get('user/info')).status).toBe(200);
    await server.deps.store.db
      .updateTable('sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', sessionId(c))
      .execute();
    const r = await c.get('user/info');
    expect(r.status).toBe(401);
    expect(r.body.msg).toBe('unauthorized user');
  });

  it('use inside the idle window moves expires_at forward by the idle lifetime', async () => {
    const c = await login(server, (await newUser(server)).name);
    await server.deps.store.db
      .updateTable('sessions')
      .set({
        last_seen_at: sql<Date>`now() - interval '5 minutes'`,
        expires_at: sql<Date>`now() + interval '1 minute'`,
      })
      .where('id', '=', sessionId(c))
      .execute();
    expect((await c.get('user/info')).status).toBe(200);
    const ttl = server.env.SESSION_TTL_HOURS * 3600_000;
    const left = (await expiresAt(c)).getTime() - Date.now();
    expect(left).toBeGreaterThan(ttl - 60_000);
    expect(left).toBeLessThanOrEqual(ttl + 1000);
  });

  it('a login step (OTP) past its expiry gets 401, even with the right code', async () => {
    const u = await newUser(server);
    const c = server.client();
    await c.post('authenticate', { username: u.name, password: PASSWORD });
    const code = otpFor(server, u.name);
    await server.deps.store.db
      .updateTable('sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', sessionId(c))
      .execute();
    expect((await c.post('verifyotp', { otp: code })).status).toBe(401);
  });
});

describe('CSRF on DELETE', () => {
  it('DELETE without the CSRF header is 403 and deletes nothing', async () => {
    const c = await login(server, (await newUser(server)).name);
    const saved = await c.post<{ id: number }>('views', { screen: 'stock/kpi', name: 'keep', state: {} });
    const id = saved.body.data!.id;
    const forged = await c.raw('DELETE', `views/${id}`, { headers: { 'x-csrf-token': '' } });
    expect(forged.status).toBe(403);
    const wrong = await c.raw('DELETE', `views/${id}`, { headers: { 'x-csrf-token': 'not-the-cookie' } });
    expect(wrong.status).toBe(403);
    const list = await c.get<{ id: number }[]>('views', { screen: 'stock/kpi' });
    expect(list.body.data!.map((v) => v.id)).toEqual([id]);
    expect((await c.raw('DELETE', `views/${id}`)).status).toBe(200);
  });
});

describe('admin actions', () => {
  it('a non-admin gets 403 on every admin action, and nothing changes', async () => {
    const target = await newUser(server);
    // Admin areas are activities: a role without them (Stock Viewer) is refused.
    const plain = await login(server, (await newUser(server, { role: 'Stock Viewer' })).name);
    const block = await plain.post('user/changeUserStatus', { user_id: target.id, status: 'blocked' });
    expect(block.status).toBe(403);
    const resend = await plain.post('user/resendVerification', { user_id: target.id });
    expect(resend.status).toBe(403);
    const row = await server.deps.store.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
    const tokens = await server.deps.store.db
      .selectFrom('tokens')
      .select('id')
      .where('user_id', '=', target.id)
      .execute();
    expect(tokens).toEqual([]);
  });
});
