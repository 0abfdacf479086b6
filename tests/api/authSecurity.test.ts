/** One test per security property of the access work. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  DEMO,
  PASSWORD,
  linkFor,
  login,
  mailsTo,
  otpFor,
  startAuthServer,
  type AuthServer,
} from './authHarness.js';
import { newUser } from './support/newUser.js';

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer();
});
afterAll(() => server.close());

const RULE =
  'A minimum 8 and maximum 30 characters password contains a combination of uppercase, special character and a number is required.';
describe('security', () => {
  it('stores passwords as argon2id hashes', async () => {
    const user = await server.deps.store.db
      .selectFrom('users')
      .select('password_hash')
      .where('user_name', '=', DEMO)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(user.password_hash).not.toContain(PASSWORD);
  });

  it("applies the spec's password rules and messages", async () => {
    const u = await newUser(server);
    await server.client().post('forgotPassLink', { email: u.name });
    await expect.poll(() => mailsTo(server, u.name).length).toBe(1);
    const { token } = linkFor(server, u.name, 'token');
    const c = server.client();
    for (const weak of [
      'Sh@rt1',
      'nouppercase@123',
      'NoSpecial123',
      'NoDigit@abc',
      `Long@1${'x'.repeat(30)}`,
    ]) {
      const r = await c.post('resetPass', { password: weak, confirm_password: weak, token });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(RULE);
    }
    const mismatch = await c.post('resetPass', {
      password: 'Good@1234',
      confirm_password: 'Good@12345',
      token,
    });
    expect(mismatch.body.msg).toBe('Password and Confirm password must be same');
    // Refused input did not use the token up.
    expect(
      (await c.post('resetPass', { password: 'Good@1234', confirm_password: 'Good@1234', token })).status,
    ).toBe(200);
  });

  it('OTP: 6 digits, stored hashed, expiring after 10 minutes', async () => {
    const u = await newUser(server);
    const c = server.client();
    await c.post('authenticate', { username: u.name, password: PASSWORD });
    const code = otpFor(server, u.name);
    expect(code).toMatch(/^\d{6}$/);
    const row = await server.deps.store.db
      .selectFrom('otps as o')
      .innerJoin('sessions as s', 's.id', 'o.session_id')
      .select(['o.id', 'o.code_hash', 'o.created_at', 'o.expires_at'])
      .where('s.user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeGreaterThan(9.9 * 60_000);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeLessThanOrEqual(10 * 60_000 + 1000);
    expect((await c.post('verifyotp', { otp: '12345' })).body.msg).toBe('Enter Valid OTP');
    // Ten minutes later the code is refused.
    await server.deps.store.db
      .updateTable('otps')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', row.id)
      .execute();
    const late = await c.post('verifyotp', { otp: code });
    expect(late.status).toBe(400);
    expect(late.body.msg).toBe('Enter Valid OTP');
  });

  it('OTP: single use and bound to its login', async () => {
    const u = await newUser(server);
    const a = server.client();
    const b = server.client();
    await a.post('authenticate', { username: u.name, password: PASSWORD });
    const codeA = otpFor(server, u.name);
    await b.post('authenticate', { username: u.name, password: PASSWORD });
    const codeB = otpFor(server, u.name);
    // A's code does not open B's login (unless both codes happen to match, 1 in a million).
    if (codeA !== codeB) expect((await b.post('verifyotp', { otp: codeA })).body.msg).toBe('Enter Valid OTP');
    expect((await a.post('verifyotp', { otp: codeA })).status).toBe(200);
    // Used once: a replay in the same login (or another) is refused.
    expect((await a.post('verifyotp', { otp: codeA })).status).toBe(401);
    const c = server.client();
    await c.post('authenticate', { username: u.name, password: PASSWORD });
    if (otpFor(server, u.name) !== codeA)
      expect((await c.post('verifyotp', { otp: codeA })).status).toBe(400);
  });

  it('OTP: at most 5 attempts, then even the right code is refused', async () => {
    const u = await newUser(server);
    const c = server.client();
    await c.post('authenticate', { username: u.name, password: PASSWORD });
    const code = otpFor(server, u.name);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1)
      expect((await c.post('verifyotp', { otp: wrong })).body.msg).toBe('Enter Valid OTP');
    expect((await c.post('verifyotp', { otp: code })).body.msg).toBe('Enter Valid OTP');
    // A resend issues a fresh code with fresh attempts.
    expect((await c.get('resendOtp')).status).toBe(200);
    expect((await c.post('verifyotp', { otp: otpFor(server, u.name) })).status).toBe(200);
  });

  it('rate-limits login (429)', async () => {
    const u = await newUser(server);
    const c = server.client();
    const statuses: number[] = [];
    // A client choosing its own X-Forwarded-For does not get a fresh allowance.
    for (let i = 0; i < 11; i += 1) {
      const headers = { 'x-forwarded-for': `10.0.0.${i}` };
      statuses.push(
        (await c.post('authenticate', { username: u.name, password: 'Wrong@123' }, headers)).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The limit is per user name: another account from the same address still logs in.
    expect((await server.client().post('authenticate', { username: DEMO, password: PASSWORD })).status).toBe(
      200,
    );
  });

  it('rate-limits OTP attempts (429)', async () => {
    const u = await newUser(server);
    const c = server.client();
    await c.post('authenticate', { username: u.name, password: PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await c.post('verifyotp', { otp: '000000' })).status);
    expect(statuses[10]).toBe(429);
    expect(statuses.slice(0, 10)).not.toContain(429);
  });

  it('rate-limits forgot-password (429)', async () => {
    const c = server.client();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await c.post('forgotPassLink', { email: 'someone@example.com' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('forgot-password answers the same for known and unknown addresses', async () => {
    const u = await newUser(server);
    const known = await server.client().post('forgotPassLink', { email: u.name });
    const unknown = await server.client().post('forgotPassLink', { email: 'ghost@example.com' });
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
    await expect.poll(() => mailsTo(server, u.name).length).toBe(1);
    expect(mailsTo(server, 'ghost@example.com')).toHaveLength(0);
    expect((await server.client().post('forgotPassLink', { email: 'not-an-email' })).body.msg).toBe(
      'Enter valid email',
    );
  });

  it('reset tokens are single-use and expiring', async () => {
    const u = await newUser(server);
    await server.client().post('forgotPassLink', { email: u.name });
    await expect.poll(() => mailsTo(server, u.name).length).toBe(1);
    const { link, token } = linkFor(server, u.name, 'token');
    expect(link).toContain('/public/login?token=');
    const c = server.client();
    expect(
      (await c.post('resetPass', { password: 'Fresh@2026', confirm_password: 'Fresh@2026', token })).body.msg,
    ).toBe('Password Updated Successfully!!');
    const again = await c.post('resetPass', {
      password: 'Other@2026',
      confirm_password: 'Other@2026',
      token,
    });
    expect(again.status).toBe(400);
    expect(
      (await server.client().post('authenticate', { username: u.name, password: 'Fresh@2026' })).status,
    ).toBe(200);

    await server.client().post('forgotPassLink', { email: u.name });
    await expect.poll(() => mailsTo(server, u.name).length).toBe(2);
    const second = linkFor(server, u.name, 'token').token;
    await server.deps.store.db
      .updateTable('tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', u.id)
      .execute();
    expect(
      (await c.post('resetPass', { password: 'Other@2026', confirm_password: 'Other@2026', token: second }))
        .status,
    ).toBe(400);
  });

  it('activation tokens (verify user) are single-use and expiring', async () => {
    const u = await newUser(server, { password: null });
    const admin = await login(server);
    expect((await admin.post('user/resendVerification', { user_id: u.id })).status).toBe(200);
    const { link, token } = linkFor(server, u.name, 'verify_token');
    expect(link).toContain('/public/verifyuser?verify_token=');
    const c = server.client();
    expect(
      (
        await c.post('user/update', {
          password: 'Start@2026',
          confirm_password: 'Start@2026',
          verify_token: token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await c.post('user/update', {
          password: 'Again@2026',
          confirm_password: 'Again@2026',
          verify_token: token,
        })
      ).status,
    ).toBe(400);
    expect((await c.post('authenticate', { username: u.name, password: 'Start@2026' })).status).toBe(200);

    await admin.post('user/resendVerification', { user_id: u.id });
    const second = linkFor(server, u.name, 'verify_token').token;
    await server.deps.store.db
      .updateTable('tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', u.id)
      .execute();
    expect(
      (
        await c.post('user/update', {
          password: 'Again@2026',
          confirm_password: 'Again@2026',
          verify_token: second,
        })
      ).status,
    ).toBe(400);
  });

  it('blocking a user ends their sessions at once', async () => {
    const u = await newUser(server);
    const admin = await login(server);
    const victim = await login(server, u.name);
    // The auth hook now holds the victim's session in memory: blocking must still end it at once.
    expect((await victim.get('config/areas')).status).toBe(200);
    expect((await victim.get('config/areas')).status).toBe(200);
    expect((await admin.post('user/changeUserStatus', { user_id: u.id, status: 'blocked' })).status).toBe(
      200,
    );
    expect((await victim.get('config/areas')).status).toBe(401);
    const after = await victim.get('user_info');
    expect(after.status).toBe(401);
    expect(after.body.msg).toBe('unauthorized user');
    const relogin = await server.client().post('authenticate', { username: u.name, password: PASSWORD });
    expect(relogin.status).toBe(403);
    // Only admins may block.
    expect((await victim.post('user/changeUserStatus', { user_id: 1, status: 'blocked' })).status).toBe(401);
    const stockUser = await login(server, 'stock@shelfscope.test');
    expect((await stockUser.post('user/changeUserStatus', { user_id: 1, status: 'blocked' })).status).toBe(
      403,
    );
  });

  it('requires the CSRF header on every state change', async () => {
    const c = await login(server);
    const noHeader = await c.raw('PUT', 'agreement', { body: {}, headers: { 'x-csrf-token': '' } });
    expect(noHeader.status).toBe(403);
    const wrong = await c.raw('POST', 'selectGroup', {
      body: { group_id: 1 },
      headers: { 'x-csrf-token': 'forged' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.json<{ msg: string }>().msg).toBe('Invalid CSRF token');
    const fresh = server.client();
    const noCookie = await fresh.raw('POST', 'authenticate', {
      body: { username: DEMO, password: PASSWORD },
    });
    expect(noCookie.status).toBe(403);
    expect((await c.put('agreement', {})).status).toBe(200);
  });
});
