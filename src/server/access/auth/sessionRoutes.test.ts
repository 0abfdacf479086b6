import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANALYST,
  DEMO,
  STAFF,
  startAuthTestApp,
  type AuthTestApp,
  type Browser,
} from './testing/authTestApp.js';
import { sha256 } from './secrets.js';

// Sessions over the real app and store: idle expiry, CSRF, logout, the user's info, menu, agreement.
let t: AuthTestApp;
beforeAll(async () => {
  t = await startAuthTestApp();
}, 240_000);
afterAll(() => t?.close());

const row = (b: Browser) =>
  t.deps.store.db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', sha256(b.cookies.get('sid')!))
    .executeTakeFirstOrThrow();

const setSession = (b: Browser, patch: { expires_at?: Date; last_seen_at?: Date }) =>
  t.deps.store.db
    .updateTable('sessions')
    .set(patch)
    .where('id', '=', sha256(b.cookies.get('sid')!))
    .execute();

describe('idle expiry', () => {
  it('answers 401 once expires_at has passed', async () => {
    const b = await t.sessionOf(DEMO);
    expect((await b.get('processmonitor/sessionvalidity')).status).toBe(200);
    await setSession(b, { expires_at: new Date(Date.now() - 1000) });
    const res = await b.get('processmonitor/sessionvalidity');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 0, msg: 'unauthorized user' });
    expect((await b.get('user/info')).status).toBe(401);
  });

  it('moves expires_at forward when used inside the window, a minute after the last use', async () => {
    const b = await t.sessionOf(DEMO);
    const soon = new Date(Date.now() + 60_000);
    const lastSeen = new Date(Date.now() - 61_000);
    await setSession(b, { expires_at: soon, last_seen_at: lastSeen });
    expect((await b.get('processmonitor/sessionvalidity')).status).toBe(200);
    const after = await row(b);
    const hours = (after.expires_at.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
    expect(after.last_seen_at.getTime()).toBeGreaterThan(lastSeen.getTime() + 30_000);
  });

  it('does not write on every call: a session seen under a minute ago keeps its expiry', async () => {
    const b = await t.sessionOf(DEMO);
    const expires = new Date(Date.now() + 3_600_000);
    await setSession(b, { expires_at: expires, last_seen_at: new Date(Date.now() - 30_000) });
    expect((await b.get('processmonitor/sessionvalidity')).status).toBe(200);
    expect((await row(b)).expires_at.getTime()).toBe(expires.getTime());
  });

  it('ends the sessions of a user who is blocked', async () => {
    const b = await t.sessionOf('stock@shelfscope.test');
    expect((await b.get('processmonitor/sessionvalidity')).status).toBe(200);
    await t.deps.store.db
      .updateTable('users')
      .set({ status: 'blocked' })
      .where('user_name', '=', 'stock@shelfscope.test')
      .execute();
    try {
      expect((await b.get('processmonitor/sessionvalidity')).status).toBe(401);
    } finally {
      await t.deps.store.db
        .updateTable('users')
        .set({ status: 'active' })
        .where('user_name', '=', 'stock@shelfscope.test')
        .execute();
    }
  });
});

describe('the session check', () => {
  it('names the user, the login time and the group', async () => {
    const b = await t.sessionOf(DEMO);
    const res = await b.get('processmonitor/sessionvalidity');
    const r = await row(b);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const id = await t.userId(DEMO);
    expect(res.body).toEqual({
      statusCode: 1,
      msg: 'Success',
      userId: id,
      loginTime: r.created_at.toISOString(),
      data: { userId: id, loginTime: r.created_at.toISOString(), groupId: 1, readMode: false },
    });
  });

  it('is 401 without a cookie or with an unknown token', async () => {
    expect((await t.browser().get('processmonitor/sessionvalidity')).status).toBe(401);
    const b = t.browser();
    b.cookies.set('sid', 'not-a-session');
    expect((await b.get('processmonitor/sessionvalidity')).status).toBe(401);
  });
});

describe('CSRF (double submit)', () => {
  it('hands out a readable csrf cookie when the caller has none', async () => {
    const b = t.browser();
    b.cookies.delete('csrf');
    const res = await b.get('processmonitor/sessionvalidity');
    const csrf = res.setCookies.find((c) => c.startsWith('csrf='))!;
    expect(csrf).toMatch(/^csrf=[\w-]{43}; Path=\/; SameSite=Lax$/);
    const again = await b.get('processmonitor/sessionvalidity');
    expect(again.setCookies.some((c) => c.startsWith('csrf='))).toBe(false);
  });

  it('refuses a DELETE without the header, or with one that does not match the cookie', async () => {
    const b = await t.sessionOf(DEMO);
    const saved = await b.post('views', { screen: 'stock/kpi', name: 'mine', state: {} });
    expect(saved.status).toBe(200);
    const id = (saved.body.data as { id: number }).id;
    const noHeader = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/views/${id}`,
      cookies: { sid: b.cookies.get('sid')!, csrf: b.cookies.get('csrf')! },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(JSON.parse(noHeader.body)).toMatchObject({ statusCode: 0, msg: 'Invalid CSRF token' });
    const mismatch = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/views/${id}`,
      cookies: { sid: b.cookies.get('sid')!, csrf: b.cookies.get('csrf')! },
      headers: { 'x-csrf-token': `${b.cookies.get('csrf')!}x` },
    });
    expect(mismatch.statusCode).toBe(403);
    const noCookie = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/views/${id}`,
      cookies: { sid: b.cookies.get('sid')! },
      headers: { 'x-csrf-token': b.cookies.get('csrf')! },
    });
    expect(noCookie.statusCode).toBe(403);
    const ok = await b.delete(`views/${id}`);
    expect(ok.status).toBe(200);
    expect(ok.body.msg).toBe('View deleted');
  });

  it('checks POST and PUT too, and not GET', async () => {
    const b = await t.sessionOf(DEMO);
    for (const [method, url] of [
      ['POST', '/api/v1/logout'],
      ['PUT', '/api/v1/agreement'],
    ] as const) {
      const res = await t.app.inject({ method, url, cookies: { sid: b.cookies.get('sid')! } });
      expect(res.statusCode).toBe(403);
    }
    expect((await b.get('processmonitor/sessionvalidity')).status).toBe(200);
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/v1/agreement',
      cookies: { sid: b.cookies.get('sid')! },
    });
    expect(get.statusCode).toBe(200);
  });
});

describe('logout', () => {
  it('is a POST that ends the session and clears the cookie', async () => {
    const b = await t.sessionOf(DEMO);
    const sid = b.cookies.get('sid')!;
    const res = await b.post('logout');
    expect(res.status).toBe(200);
    expect(res.body.statusCode).toBe(1);
    const cleared = res.setCookies.find((c) => c.startsWith('sid='))!;
    expect(cleared).toMatch(
      /^sid=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/,
    );
    const rows = await t.deps.store.db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', sha256(sid))
      .execute();
    expect(rows).toEqual([]);
  });

  it('with no session (already ended, or never begun) still answers 200 and clears the cookie', async () => {
    const b = t.browser();
    const res = await b.post('logout');
    expect(res.status).toBe(200);
    expect(res.setCookies.some((c) => c.startsWith('sid=; Max-Age=0'))).toBe(true);
  });

  it('answers GET with 405 and Allow: POST, changing nothing', async () => {
    const b = await t.sessionOf(DEMO);
    const res = await b.get('logout');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.body.msg).toBe('Log out with POST');
    expect((await b.get('processmonitor/sessionvalidity')).status).toBe(200);
  });
});

describe("the user's info, menu and agreement", () => {
  it('user/info and user_info name the user, group and staff flag', async () => {
    const b = await t.sessionOf(DEMO);
    for (const url of ['user/info', 'user_info']) {
      const res = await b.get(url);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        userName: DEMO,
        firstName: 'Demo',
        lastName: 'User',
        ktrVersion: '0.0.1',
        groupName: 'Demo Brands',
        groupId: 1,
        isStaff: false,
      });
    }
    // The screen editor is platform staff's (docs/principals.md), not the group admin's.
    const staff = await t.sessionOf(STAFF);
    expect(((await staff.get('user/info')).body.data as { isStaff: boolean }).isStaff).toBe(true);
  });

  it('user/info carries the last failed and successful logins, null when there was none', async () => {
    const failed = new Date('2026-11-20T08:30:00.000Z');
    const succeeded = new Date('2026-11-21T09:45:00.000Z');
    await t.deps.store.db
      .updateTable('users')
      .set({ last_failed_login: failed, last_success_login: succeeded })
      .where('user_name', '=', DEMO)
      .execute();
    await t.deps.store.db
      .updateTable('users')
      .set({ last_failed_login: null, last_success_login: null })
      .where('user_name', '=', ANALYST)
      .execute();
    expect((await (await t.sessionOf(DEMO)).get('user/info')).body.data).toMatchObject({
      last_failed_login: failed.toISOString(),
      last_success_login: succeeded.toISOString(),
    });
    expect((await (await t.sessionOf(ANALYST)).get('user/info')).body.data).toMatchObject({
      last_failed_login: null,
      last_success_login: null,
    });
  });

  it('menu lists the areas the role opens, each on its first allowed tab', async () => {
    const stock = await t.sessionOf('stock@shelfscope.test');
    const res = await stock.get('user/menu');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      menuList: [
        {
          id: 1,
          label: 'Stock',
          menu_name: 'stock',
          iconclass: 'stock',
          v2class: 'stock',
          v2clickurl: '/workspace/stock/kpi',
          path: '',
        },
      ],
      activityList: ['stock/data', 'stock/kpi'],
      submenuList: [
        { area: 'stock', screen: 'kpi', name: 'KPI', url: '/workspace/stock/kpi' },
        { area: 'stock', screen: 'data', name: 'Data', url: '/workspace/stock/data' },
      ],
    });
    expect((await t.browser().get('user/menu')).status).toBe(401);
  });

  it('last crawl dates answer an empty map when the warehouse has none', async () => {
    const b = await t.sessionOf(DEMO);
    const res = await b.get('info/getlastcrawltiming');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({});
  });

  it('agreement: shown, then accepted by PUT', async () => {
    const b = await t.sessionOf(ANALYST);
    const before = await b.get('agreement');
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ status: null, version: '2026-1', accepted_at: null });
    expect((before.body.data as { description: string }).description).toContain(
      'Shelfscope Licence Agreement',
    );
    const put = await b.call('PUT', 'agreement');
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ statusCode: 1, msg: 'Agreement accepted', data: { status: 1 } });
    const after = await b.get('agreement');
    expect(after.body.data).toMatchObject({ status: 1, version: '2026-1' });
    expect(typeof (after.body.data as { accepted_at: string }).accepted_at).toBe('string');
  });
});

describe('screen guards (requireActivity)', () => {
  it('401 without a session, 403 for a screen the role does not grant, 200 for one it does', async () => {
    expect((await t.browser().get('views?screen=stock/kpi')).body).toMatchObject({
      statusCode: 0,
      msg: 'unauthorized user',
    });
    const stock = await t.sessionOf('stock@shelfscope.test');
    const denied = await stock.get('views?screen=price/kpi');
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe('Access denied to price/kpi');
    expect((await stock.get('views?screen=stock/kpi')).status).toBe(200);
  });
});
