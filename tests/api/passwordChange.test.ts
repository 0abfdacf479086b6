/**
 * Change password (success, wrong current password, a per-user limit, the old password
 * refused after, other sessions ended: defects 6 and 7) and reset links (defect 8).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, linkFor, login, startAuthServer, type AuthServer } from './authHarness.js';
import { newUser } from './support/newUser.js';
import type { ApiClient } from './support/apiClient.js';
import { MSG } from '../../src/shared/auth/accessRules.js';

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer();
});
afterAll(() => server.close());

const NEW = 'Changed@2026';
const change = (c: ApiClient, current: string, next = NEW, headers: Record<string, string> = {}) =>
  c.post('change/password', { current_password: current, password: next, confirm_password: next }, headers);

describe('change password', () => {
  it('changes it: the new password works, the old one is refused, other sessions end, this one stays', async () => {
    const u = await newUser(server);
    const here = await login(server, u.name);
    const elsewhere = await login(server, u.name);
    expect((await elsewhere.get('user/info')).status).toBe(200);

    const r = await change(here, PASSWORD);
    expect(r.status).toBe(200);
    expect(r.body.msg).toBe('Password Updated Successfully!!');

    expect((await here.get('user/info')).status).toBe(200);
    expect((await elsewhere.get('user/info')).status).toBe(401);
    const old = await server.client().post('authenticate', { username: u.name, password: PASSWORD });
    expect(old.status).toBe(401);
    expect(old.body.msg).toBe(MSG.wrongCredentials);
    const fresh = await server.client().post('authenticate', { username: u.name, password: NEW });
    expect(fresh.status).toBe(200);
  });

  it('refuses a wrong current password and keeps the old one', async () => {
    const u = await newUser(server);
    const c = await login(server, u.name);
    const r = await change(c, 'Wrong@2026x');
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('Current password is not correct');
    expect(
      (await server.client().post('authenticate', { username: u.name, password: PASSWORD })).status,
    ).toBe(200);
    expect((await server.client().post('authenticate', { username: u.name, password: NEW })).status).toBe(
      401,
    );
  });

  it('limits attempts per user, whatever address the client claims', async () => {
    const u = await newUser(server);
    const c = await login(server, u.name);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await change(c, 'Wrong@2026x', NEW, { 'x-forwarded-for': `10.1.0.${i}` })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    // Per user: another user changing theirs is not limited.
    const other = await login(server, (await newUser(server)).name);
    expect((await change(other, PASSWORD)).status).toBe(200);
  });
});

describe('reset links', () => {
  it('a completed reset ends every outstanding reset link of the user', async () => {
    const u = await newUser(server);
    const c = server.client();
    await c.post('forgotPassLink', { email: u.name });
    await expect.poll(() => linkFor(server, u.name, 'token').token, { timeout: 5000 }).toBeTruthy();
    const first = linkFor(server, u.name, 'token').token;
    await c.post('forgotPassLink', { email: u.name });
    await expect.poll(() => linkFor(server, u.name, 'token').token, { timeout: 5000 }).not.toBe(first);
    const second = linkFor(server, u.name, 'token').token;

    const reset = await c.post('resetPass', { password: NEW, confirm_password: NEW, token: second });
    expect(reset.status).toBe(200);
    const older = await c.post('resetPass', {
      password: 'Again@2026',
      confirm_password: 'Again@2026',
      token: first,
    });
    expect(older.status).toBe(400);
    expect(older.body.msg).toBe('Invalid or expired link');
    expect((await server.client().post('authenticate', { username: u.name, password: NEW })).status).toBe(
      200,
    );
  });
});
