import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ANALYST,
  DEMO,
  MULTI,
  PASSWORD,
  startAuthTestApp,
  type AuthTestApp,
  type Browser,
} from './testing/authTestApp.js';
import { recordAccountFailure } from './accountBudget.js';
import { sha256 } from './secrets.js';
import { startSession } from './sessions.js';

// The login steps through the real app and store: credentials, OTP, trust, group.
let t: AuthTestApp;
beforeAll(async () => {
  t = await startAuthTestApp();
}, 240_000);
afterAll(() => t?.close());

const STOCK = 'stock@shelfscope.test';

async function sessionRow(browser: Browser) {
  return t.deps.store.db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', sha256(browser.cookies.get('sid')!))
    .executeTakeFirst();
}

function mailsTo(name: string): string[] {
  const outbox = path.join(t.env.DATA_DIR, 'outbox');
  try {
    return readdirSync(outbox)
      .filter((f) => f.includes(name))
      .map((f) => readFileSync(path.join(outbox, f), 'utf8'));
  } catch {
    return [];
  }
}

describe('authenticate', () => {
  it('refuses blank names and passwords with the spec words', async () => {
    const b = t.browser();
    expect((await b.post('authenticate', { username: '  ', password: 'x' })).body).toMatchObject({
      statusCode: 0,
      msg: 'User Name can not be blank.',
    });
    const noPass = await b.post('authenticate', { username: DEMO, password: '' });
    expect(noPass.status).toBe(400);
    expect(noPass.body.msg).toBe('Password can not be blank.');
    expect(b.cookies.has('sid')).toBe(false);
  });

  it('answers 401 Wrong Credentials for a wrong password and an unknown name, and counts the known one', async () => {
    const b = t.browser();
    const wrong = await b.post('authenticate', { username: ANALYST, password: 'Wrong@2026!' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ statusCode: 0, msg: 'Wrong Credentials' });
    const unknown = await b.post('authenticate', { username: 'nobody@shelfscope.test', password: PASSWORD });
    expect(unknown.status).toBe(401);
    expect(unknown.body.msg).toBe('Wrong Credentials');
    const id = await t.userId(ANALYST);
    const user = await t.deps.store.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user.last_failed_login).not.toBeNull();
    const budget = await t.deps.store.db
      .selectFrom('account_failures')
      .selectAll()
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(budget.failures).toBe(1);
    expect(budget.locked_until).toBeNull();
  });

  it('refuses a blocked user with 403 even with the right password', async () => {
    await t.deps.store.db
      .updateTable('users')
      .set({ status: 'blocked' })
      .where('user_name', '=', STOCK)
      .execute();
    try {
      const res = await t.browser().post('authenticate', { username: STOCK, password: PASSWORD });
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('Your account has been blocked, Please contact admin');
    } finally {
      await t.deps.store.db
        .updateTable('users')
        .set({ status: 'active' })
        .where('user_name', '=', STOCK)
        .execute();
    }
  });

  it('limits attempts per user name (10 per 5 minutes), not per caller', async () => {
    const name = 'flood-target@shelfscope.test';
    const b = t.browser();
    for (let i = 0; i < 10; i += 1)
      expect((await b.post('authenticate', { username: name, password: '' })).status).toBe(400);
    const over = await b.post('authenticate', { username: name, password: '' });
    expect(over.status).toBe(429);
    expect(over.body.msg).toBe('Too many attempts, please try again later.');
    // Another name from the same caller is not held; a browser with a trust cookie is not either.
    expect(
      (await b.post('authenticate', { username: 'other-name@shelfscope.test', password: '' })).status,
    ).toBe(400);
    const trusted = t.browser();
    trusted.cookies.set('tb', 'anything');
    expect((await trusted.post('authenticate', { username: name, password: '' })).status).toBe(400);
  });
});

describe('the OTP step', () => {
  let b: Browser;
  let firstSid: string;

  it('starts a login step with an HttpOnly, SameSite=Lax session cookie and mails a code', async () => {
    b = t.browser();
    const before = Date.now();
    const res = await b.post('authenticate', { username: DEMO.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      statusCode: 1,
      msg: 'OTP sent to your registered e-mail',
      settrustbrowser: false,
      org_list: [],
      data: { settrustbrowser: false, org_list: [] },
    });
    const sid = res.setCookies.find((c) => c.startsWith('sid='))!;
    expect(sid).toMatch(/; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(sid).not.toContain('Secure');
    const row = (await sessionRow(b))!;
    expect(row).toMatchObject({ stage: 'otp', otp_verified: false, group_id: null, share_link_id: null });
    // A login step lives 15 minutes from the answer.
    const after = Date.now();
    expect(row.expires_at.getTime()).toBeGreaterThanOrEqual(before + 15 * 60_000);
    expect(row.expires_at.getTime()).toBeLessThanOrEqual(after + 15 * 60_000);
    expect(t.latestOtp(DEMO)).toMatch(/^\d{6}$/);
    firstSid = b.cookies.get('sid')!;
  });

  it('gives a login step no caller: session check, group choice and trust are refused', async () => {
    const check = await b.get('processmonitor/sessionvalidity');
    expect(check.status).toBe(401);
    expect(check.body.msg).toBe('unauthorized user');
    expect((await b.post('selectGroup', { group_id: 1 })).status).toBe(401);
    const trust = await b.post('trustbrowser');
    expect(trust.status).toBe(401);
    expect(trust.body.msg).toBe('unauthorized user');
  });

  it('refuses a malformed or wrong code with Enter Valid OTP and spends an attempt', async () => {
    const code = t.latestOtp(DEMO);
    const malformed = await b.post('verifyotp', { otp: '12345' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toBe('Enter Valid OTP');
    const wrong = await b.post('verifyotp', { otp: code === '000000' ? '000001' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('Enter Valid OTP');
    const otp = await t.deps.store.db
      .selectFrom('otps')
      .selectAll()
      .where('session_id', '=', sha256(firstSid))
      .executeTakeFirstOrThrow();
    expect(otp.attempts).toBe(1);
  });

  it('takes the right code once and moves to group choice', async () => {
    const code = t.latestOtp(DEMO);
    const res = await b.post('verifyotp', { otp: ` ${code} ` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 1, msg: 'Success', settrustbrowser: false });
    expect(res.body.org_list).toEqual([
      expect.objectContaining({ id: 1, group_name: 'Demo Brands', status: 1 }),
    ]);
    expect(await sessionRow(b)).toMatchObject({ stage: 'group', otp_verified: true });
    const again = await b.post('verifyotp', { otp: code });
    expect(again.status).toBe(401);
    expect(again.body.msg).toBe('unauthorized user');
  });

  it('trusts the browser for 30 days with an HttpOnly cookie on the API path', async () => {
    const res = await b.post('trustbrowser');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ trusted_days: 30 });
    const tb = res.setCookies.find((c) => c.startsWith('tb='))!;
    expect(tb).toMatch(/; Max-Age=2592000; Path=\/api\/v1\/; HttpOnly; SameSite=Lax$/);
    const rows = await t.deps.store.db
      .selectFrom('trusted_browsers')
      .selectAll()
      .where('token_hash', '=', sha256(b.cookies.get('tb')!))
      .execute();
    expect(rows).toHaveLength(1);
    const days = (rows[0]!.expires_at.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('refuses a group the user is not mapped to, then opens the chosen one under a new token', async () => {
    const other = await b.post('selectGroup', { group_id: 2 });
    expect(other.status).toBe(403);
    expect(other.body.msg).toBe('You are not mapped to this group');
    const res = await b.post('selectGroup', { group_id: 1 });
    expect(res.status).toBe(200);
    expect(res.body.statusCode).toBe(1);
    const data = res.body.data as Record<string, unknown>;
    expect(data).toMatchObject({
      groupId: 1,
      groupName: 'Demo Brands',
      pass_day_left: 90,
      last_crawl_date: {},
    });
    expect(data.activityList).toEqual(expect.arrayContaining(['price/kpi', 'stock/data', 'stock/kpi']));
    expect(data.menuList).toEqual([
      expect.objectContaining({ id: 1, label: 'Stock', v2clickurl: '/workspace/stock/kpi' }),
      expect.objectContaining({ id: 2, label: 'Price', v2clickurl: '/workspace/price/kpi' }),
    ]);
    expect(b.cookies.get('sid')).not.toBe(firstSid);
    const row = (await sessionRow(b))!;
    expect(row).toMatchObject({ stage: 'active', group_id: 1, otp_verified: true });
    // Active sessions live SESSION_TTL_HOURS (12) from their last use.
    const hours = (row.expires_at.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
    const gone = await t.deps.store.db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', sha256(firstSid))
      .execute();
    expect(gone).toEqual([]);
    const check = await b.get('processmonitor/sessionvalidity');
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ statusCode: 1, userId: await t.userId(DEMO) });
  });

  it('skips the code for the trusted browser, and a new login ends the session it replaces', async () => {
    const previous = b.cookies.get('sid')!;
    const res = await b.post('authenticate', { username: DEMO, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ msg: 'Success', settrustbrowser: true });
    expect(res.body.org_list).toEqual([expect.objectContaining({ id: 1, group_name: 'Demo Brands' })]);
    expect(await sessionRow(b)).toMatchObject({ stage: 'group', otp_verified: true });
    const old = await t.deps.store.db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', sha256(previous))
      .execute();
    expect(old).toEqual([]);
    expect((await b.post('selectGroup', { group_id: 1 })).status).toBe(200);
  });
});

describe('codes die', () => {
  async function loginStep(name = ANALYST): Promise<Browser> {
    const b = t.browser();
    expect((await b.post('authenticate', { username: name, password: PASSWORD })).status).toBe(200);
    return b;
  }

  it('after their expiry', async () => {
    const b = await loginStep();
    const code = t.latestOtp(ANALYST);
    const sessionId = sha256(b.cookies.get('sid')!);
    await t.deps.store.db
      .updateTable('otps')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('session_id', '=', sessionId)
      .execute();
    const res = await b.post('verifyotp', { otp: code });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Enter Valid OTP');
  });

  it('are valid 10 minutes', async () => {
    await loginStep();
    const otp = await t.deps.store.db
      .selectFrom('otps')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const minutes = (otp.expires_at.getTime() - otp.created_at.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(9.5);
    expect(minutes).toBeLessThan(10.1);
  });

  it('after 5 attempts, even the right one', async () => {
    const b = await loginStep(STOCK);
    const code = t.latestOtp(STOCK);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i += 1) expect((await b.post('verifyotp', { otp: wrong })).status).toBe(400);
    const res = await b.post('verifyotp', { otp: code });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Enter Valid OTP');
  });

  it('when a new one is sent; the new one works', async () => {
    const b = await loginStep();
    const first = t.latestOtp(ANALYST);
    const resent = await b.get('resendOtp');
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ statusCode: 1, msg: 'OTP sent to your registered e-mail' });
    const second = t.latestOtp(ANALYST);
    if (first !== second) expect((await b.post('verifyotp', { otp: first })).status).toBe(400);
    expect((await b.post('verifyotp', { otp: second })).status).toBe(200);
    // A completed code step clears the account's failure count.
    const rows = await t.deps.store.db
      .selectFrom('account_failures')
      .selectAll()
      .where('user_id', '=', await t.userId(ANALYST))
      .execute();
    expect(rows).toEqual([]);
  });

  it('resend needs a login at the code step', async () => {
    const res = await t.browser().get('resendOtp');
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe('unauthorized user');
  });
});

describe('group choice', () => {
  it('refuses an expired group with the spec words', async () => {
    const { token } = await startSession(t.deps.store.db, {
      user_id: await t.userId(MULTI),
      stage: 'group',
      otp_verified: true,
      expires_at: new Date(Date.now() + 60_000),
    });
    const b = t.browser();
    b.cookies.set('sid', token);
    const legacy = await t.deps.store.db
      .selectFrom('groups')
      .select('id')
      .where('group_name', '=', 'Legacy Retail')
      .executeTakeFirstOrThrow();
    const res = await b.post('selectGroup', { group_id: legacy.id });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('Group Expired, Please Contact Admin');
  });

  it('switches groups from an active session', async () => {
    const b = await t.sessionOf(MULTI, 1);
    const before = b.cookies.get('sid');
    const res = await b.post('selectGroup', { group_id: 1 });
    expect(res.status).toBe(200);
    expect(b.cookies.get('sid')).not.toBe(before);
  });
});

describe('the account budget', () => {
  it('pauses the account after 10 failures, mails the user once, and lets a trusted browser in', async () => {
    const name = 'rival@shelfscope.test';
    const user = { id: await t.userId(name), user_name: name };
    for (let i = 0; i < 9; i += 1) await recordAccountFailure(t.kit, user);
    const open = await t.deps.store.db
      .selectFrom('account_failures')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(open).toMatchObject({ failures: 9, locked_until: null, notified_at: null });
    expect((await t.browser().post('authenticate', { username: name, password: PASSWORD })).status).toBe(200);
    // That login was not trusted, so the count stays; the 10th failure pauses.
    await recordAccountFailure(t.kit, user);
    const paused = await t.deps.store.db
      .selectFrom('account_failures')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(paused.failures).toBe(10);
    const seconds = (paused.locked_until!.getTime() - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(15);
    expect(seconds).toBeLessThanOrEqual(30);
    expect(paused.notified_at).not.toBeNull();
    const refused = await t.browser().post('authenticate', { username: name, password: PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe('Too many attempts, please try again later.');
    await recordAccountFailure(t.kit, user);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(name).filter((m) => m.includes('Unusual sign-in attempts'))).toHaveLength(1);
    // A trusted browser of the user is not paused, and its sign-in starts the budget afresh.
    const { insertTrustedBrowser } = await import('../../platform/store/trustRepo.js');
    await insertTrustedBrowser(
      t.deps.store.db,
      user.id,
      sha256('trusted-token'),
      new Date(Date.now() + 86_400_000),
    );
    const trusted = t.browser();
    trusted.cookies.set('tb', 'trusted-token');
    const ok = await trusted.post('authenticate', { username: name, password: PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.settrustbrowser).toBe(true);
    expect(
      await t.deps.store.db
        .selectFrom('account_failures')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute(),
    ).toEqual([]);
  });

  it('forgets failures older than a day', async () => {
    const name = 'multi@shelfscope.test';
    const user = { id: await t.userId(name), user_name: name };
    for (let i = 0; i < 3; i += 1) await recordAccountFailure(t.kit, user);
    await t.deps.store.db
      .updateTable('account_failures')
      .set({ last_failure_at: sql<Date>`now() - interval '25 hours'` })
      .where('user_id', '=', user.id)
      .execute();
    await recordAccountFailure(t.kit, user);
    const row = await t.deps.store.db
      .selectFrom('account_failures')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(1);
  });
});
