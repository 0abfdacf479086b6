import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestApp, type AuthTestApp } from './testing/authTestApp.js';
import { sendUserToken } from './passwordService.js';
import { addTestUser } from './testing/addTestUser.js';

// Change, forgot, reset and activation over the real app and store.
let t: AuthTestApp;
beforeAll(async () => {
  t = await startAuthTestApp();
}, 240_000);
afterAll(() => t?.close());

const OLD = 'Old@Pass2026';
const NEW = 'New@Pass2026';
const RULE =
  'A minimum 8 and maximum 30 characters password contains a combination of uppercase, special character and a number is required.';
let seq = 0;

/** A user of Demo Brands with the Analyst role; `password: null` for one not activated yet. */
async function newUser(password: string | null = OLD): Promise<{ id: number; name: string }> {
  seq += 1;
  const name = `pw${seq}-${process.pid}@example.com`;
  return addTestUser(t.deps.store.db, { name, password, role: 'Analyst', firstName: 'P', lastName: 'W' });
}

/** Tokens of the links mailed to `to`, oldest first. */
function mailedTokens(to: string): string[] {
  const outbox = path.join(t.env.DATA_DIR, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox)
      .filter((f) => f.includes(to))
      .sort();
  } catch {
    return [];
  }
  return files.flatMap((f) => {
    const text = readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, '');
    const m = /token=(?:3D)?([\w-]{43})/.exec(text);
    return m ? [m[1]!] : [];
  });
}

async function waitForTokens(to: string, count: number): Promise<string[]> {
  for (let i = 0; i < 100; i += 1) {
    const tokens = mailedTokens(to);
    if (tokens.length >= count) return tokens;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to}`);
}

const liveSessions = async (userId: number) =>
  (await t.deps.store.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length;

describe('change password', () => {
  it('checks the new password first, then the current one', async () => {
    const user = await newUser();
    const b = await t.sessionOf(user.name);
    const weak = await b.post('change/password', {
      current_password: OLD,
      password: 'short',
      confirm_password: 'short',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.msg).toBe(RULE);
    const mismatch = await b.post('change/password', {
      current_password: OLD,
      password: NEW,
      confirm_password: `${NEW}x`,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.msg).toBe('Password and Confirm password must be same');
    const wrong = await b.post('change/password', {
      current_password: 'Wrong@Pass2026',
      password: NEW,
      confirm_password: NEW,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ statusCode: 0, msg: 'Current password is not correct' });
  });

  it('sets it, ends the other sessions and the reset links, keeps this one; the old password is refused after', async () => {
    const user = await newUser();
    const here = await t.sessionOf(user.name);
    const elsewhere = await t.sessionOf(user.name);
    await sendUserToken(t.kit, { id: user.id, user_name: user.name }, 'reset');
    const [pending] = await waitForTokens(user.name, 1);
    const before = new Date();
    const res = await here.post('change/password', {
      current_password: OLD,
      password: NEW,
      confirm_password: NEW,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 1, msg: 'Password Updated Successfully!!' });
    expect((await here.get('processmonitor/sessionvalidity')).status).toBe(200);
    expect((await elsewhere.get('processmonitor/sessionvalidity')).status).toBe(401);
    expect(await liveSessions(user.id)).toBe(1);
    const reset = await t
      .browser()
      .post('resetPass', { token: pending, password: 'Other@Pass2026', confirm_password: 'Other@Pass2026' });
    expect(reset.status).toBe(400);
    expect(reset.body.msg).toBe('Invalid or expired link');
    const row = await t.deps.store.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_changed_at!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    const audit = await t.deps.store.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `user:${user.id}`)
      .where('action', '=', 'password.changed')
      .execute();
    expect(audit).toHaveLength(1);
    const old = await t.browser().post('authenticate', { username: user.name, password: OLD });
    expect(old.status).toBe(401);
    expect(old.body.msg).toBe('Wrong Credentials');
    expect((await t.browser().post('authenticate', { username: user.name, password: NEW })).status).toBe(200);
  });

  it('is limited to 10 tries per 5 minutes per user, whatever the address', async () => {
    const user = await newUser();
    const b = await t.sessionOf(user.name);
    const body = { current_password: OLD, password: 'weak', confirm_password: 'weak' };
    for (let i = 0; i < 10; i += 1) expect((await b.post('change/password', body)).status).toBe(400);
    const over = await b.post('change/password', body);
    expect(over.status).toBe(429);
    expect(over.body.msg).toBe('Too many attempts, please try again later.');
    // A second session of the same user is held too; another user is not.
    expect((await (await t.sessionOf(user.name)).post('change/password', body)).status).toBe(429);
    const other = await newUser(null);
    expect((await (await t.sessionOf(other.name)).post('change/password', body)).status).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const res = await t
      .browser()
      .post('change/password', { current_password: OLD, password: NEW, confirm_password: NEW });
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe('unauthorized user');
  });
});

describe('forgot and reset', () => {
  it('refuses a malformed address and answers the same for known and unknown ones', async () => {
    const bad = await t.browser().post('forgotPassLink', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Enter valid email');
    const unknown = await t.browser().post('forgotPassLink', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({
      statusCode: 1,
      msg: 'If the e-mail is registered, a link to reset the password has been sent.',
    });
  });

  it('resets with the newest link; every session and every other link of the user dies; a link works once', async () => {
    const user = await newUser();
    const session = await t.sessionOf(user.name);
    for (const n of [1, 2]) {
      const res = await t.browser().post('forgotPassLink', { email: ` ${user.name.toUpperCase()} ` });
      expect(res.status).toBe(200);
      await waitForTokens(user.name, n);
    }
    const [older, newer] = mailedTokens(user.name);
    const tokens = await t.deps.store.db
      .selectFrom('tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(tokens).toHaveLength(2);
    for (const tok of tokens) {
      expect(tok.purpose).toBe('reset');
      const hours = (tok.expires_at.getTime() - tok.created_at.getTime()) / 3_600_000;
      expect(hours).toBeGreaterThan(0.99);
      expect(hours).toBeLessThan(1.01);
    }
    const weak = await t
      .browser()
      .post('resetPass', { token: newer, password: 'weak', confirm_password: 'weak' });
    expect(weak.status).toBe(400);
    expect(weak.body.msg).toBe(RULE);
    const res = await t.browser().post('resetPass', { token: newer, password: NEW, confirm_password: NEW });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Password Updated Successfully!!');
    expect((await session.get('processmonitor/sessionvalidity')).status).toBe(401);
    expect(await liveSessions(user.id)).toBe(0);
    for (const token of [newer, older]) {
      const again = await t
        .browser()
        .post('resetPass', { token, password: 'Third@Pass2026', confirm_password: 'Third@Pass2026' });
      expect(again.status).toBe(400);
      expect(again.body.msg).toBe('Invalid or expired link');
    }
    const audit = await t.deps.store.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `user:${user.id}`)
      .execute();
    expect(audit.map((a) => a.action)).toContain('password.reset');
    expect((await t.browser().post('authenticate', { username: user.name, password: NEW })).status).toBe(200);
  });

  it('refuses an expired link, a missing one, and a reset link used for activation', async () => {
    const user = await newUser();
    await sendUserToken(t.kit, { id: user.id, user_name: user.name }, 'reset');
    const [token] = await waitForTokens(user.name, 1);
    const activate = await t
      .browser()
      .post('user/update', { verify_token: token, password: NEW, confirm_password: NEW });
    expect(activate.status).toBe(400);
    expect(activate.body.msg).toBe('Invalid or expired link');
    const none = await t.browser().post('resetPass', { password: NEW, confirm_password: NEW });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('Invalid or expired link');
    await t.deps.store.db
      .updateTable('tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const expired = await t.browser().post('resetPass', { token, password: NEW, confirm_password: NEW });
    expect(expired.status).toBe(400);
  });

  it('mails no link to a blocked user', async () => {
    const user = await newUser();
    await t.deps.store.db.updateTable('users').set({ status: 'blocked' }).where('id', '=', user.id).execute();
    expect((await t.browser().post('forgotPassLink', { email: user.name })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(mailedTokens(user.name)).toEqual([]);
  });
});

describe('activation', () => {
  it('sets the first password from the 72-hour activation link, once', async () => {
    const user = await newUser(null);
    await sendUserToken(t.kit, { id: user.id, user_name: user.name }, 'activation');
    const [token] = await waitForTokens(user.name, 1);
    const row = await t.deps.store.db
      .selectFrom('tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe('activation');
    expect(Math.round((row.expires_at.getTime() - row.created_at.getTime()) / 3_600_000)).toBe(72);
    const asReset = await t.browser().post('resetPass', { token, password: NEW, confirm_password: NEW });
    expect(asReset.status).toBe(400);
    const res = await t
      .browser()
      .post('user/update', { verify_token: token, password: NEW, confirm_password: NEW });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Password Updated Successfully!!');
    const again = await t
      .browser()
      .post('user/update', { verify_token: token, password: NEW, confirm_password: NEW });
    expect(again.status).toBe(400);
    const audit = await t.deps.store.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `user:${user.id}`)
      .execute();
    expect(audit.map((a) => a.action)).toContain('user.activated');
  });

  it('captcha check accepts (no provider configured)', async () => {
    const res = await t.browser().post('validate/captcha', { captcha_token: 'x' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ success: true });
  });
});
