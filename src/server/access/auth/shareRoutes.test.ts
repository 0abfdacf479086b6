import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANALYST,
  DEMO,
  RIVAL,
  startAuthTestApp,
  type AuthTestApp,
  type Browser,
} from './testing/authTestApp.js';
import { signShareToken } from './shareToken.js';
import { latestLink } from '../../../../tests/support/mailLinks.js';

// Share links and their viewers over the real app and store: a viewer token reaches its one
// screen's reads and nothing else.
let t: AuthTestApp;
let demo: Browser;
beforeAll(async () => {
  t = await startAuthTestApp();
  demo = await t.sessionOf(DEMO);
}, 240_000);
afterAll(() => t?.close());

const LINK = { view_id: 0, menu_id: 3, menu_name: 'stock-kpi', screen: 'stock/kpi' };

/** The audit entries on `target`, oldest first: action, actor and detail. */
async function auditOf(target: string) {
  const rows = await t.deps.store.db
    .selectFrom('audit_log')
    .select(['action', 'actor_user_id', 'detail'])
    .where('target', '=', target)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...r,
    detail: typeof r.detail === 'string' ? (JSON.parse(r.detail) as unknown) : r.detail,
  }));
}

async function createLink(body: Record<string, unknown> = LINK) {
  const res = await demo.post('paxviz/token', body);
  expect(res.status).toBe(200);
  return res.body.data as { id: number; token: string; url: string; expires_at: string };
}

async function viewerOf(token: string): Promise<Browser> {
  const b = t.browser();
  b.cookies.clear();
  const res = await b.get(`pax-viz/session?token=${token}`);
  expect(res.status).toBe(200);
  const viewer = res.headers['x-viewer-token'] as string;
  expect(res.body).toMatchObject({
    statusCode: 1,
    message: 'Success',
    data: { viewer_token: viewer, view_id: 0, menu_id: 3 },
  });
  b.headers['x-viewer-token'] = viewer;
  return b;
}

describe('creating links', () => {
  it('answers the token, its URL and a week of life by default', async () => {
    const before = Date.now();
    const link = await createLink({ ...LINK, filters: 'brand=A' });
    // No PUBLIC_URL: the address the creator browsed on (inject's Host, localhost:80).
    expect(link.url).toBe(`http://localhost:80/workspace/paxviz/stock-kpi?token=${link.token}`);
    const days = (Date.parse(link.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7.0001);
    const row = await t.deps.store.db
      .selectFrom('share_links')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      group_id: 1,
      created_by: await t.userId(DEMO),
      screen: 'stock/kpi',
      filters: 'brand=A',
    });
    // The token dies with the link: its signed expiry is the link's, to the second.
    const claims = JSON.parse(Buffer.from(link.token.split('.')[0]!, 'base64url').toString()) as {
      e: number;
    };
    expect(claims.e).toBe(Math.floor(Date.parse(link.expires_at) / 1000));
    expect(await auditOf(`share_link:${link.id}`)).toEqual([
      { action: 'share_link.created', actor_user_id: await t.userId(DEMO), detail: { screen: 'stock/kpi' } },
    ]);
    const short = await createLink({ ...LINK, expires_in_hours: 2 });
    const hours = (Date.parse(short.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.99);
    expect(hours).toBeLessThanOrEqual(2);
    expect(
      (
        await t.deps.store.db
          .selectFrom('share_links')
          .select('filters')
          .where('id', '=', short.id)
          .executeTakeFirstOrThrow()
      ).filters,
    ).toBeNull();
  });

  it('refuses admin screens, screens the role does not grant, and viewers', async () => {
    const admin = await demo.post('paxviz/token', { ...LINK, screen: 'user/users' });
    expect(admin.status).toBe(403);
    expect(admin.body.msg).toBe('Admin screens cannot be shared: a share link must not show admin data.');
    const stock = await t.sessionOf('stock@shelfscope.test');
    const denied = await stock.post('paxviz/token', { ...LINK, screen: 'price/kpi' });
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe('Access denied to price/kpi');
    expect((await t.browser().post('paxviz/token', LINK)).status).toBe(401);
  });

  it("lists the group's links with their status, narrowed by screen", async () => {
    const link = await createLink({ ...LINK, screen: 'price/kpi', menu_name: 'price-kpi' });
    const res = await demo.get('paxviz/token?screen=price/kpi');
    expect(res.status).toBe(200);
    const items = res.body.data as {
      id: number;
      screen: string;
      status: string;
      revoked_at: string | null;
    }[];
    expect(items.every((i) => i.screen === 'price/kpi')).toBe(true);
    expect(items.find((i) => i.id === link.id)).toMatchObject({
      status: 'live',
      revoked_at: null,
      menu_name: 'price-kpi',
    });
    const rival = await t.sessionOf(RIVAL, 2);
    expect((await rival.get('paxviz/token')).body.data).toEqual([]);
  });
});

describe('a viewer', () => {
  it('reads its screen and the read-mode session calls', async () => {
    const link = await createLink();
    const viewer = await viewerOf(link.token);
    const check = await viewer.get('processmonitor/sessionvalidity');
    expect(check.status).toBe(200);
    expect(check.body.data).toMatchObject({ groupId: 1, readMode: true, userId: await t.userId(DEMO) });
    const menu = await viewer.get('user/menu');
    expect(menu.status).toBe(200);
    expect((menu.body.data as { activityList: string[] }).activityList).toEqual(['stock/kpi']);
    expect((await viewer.get('info/getlastcrawltiming')).status).toBe(200);
  });

  it("is refused everything else with 403: saved views, other screens, the user's info, writes", async () => {
    const viewer = await viewerOf((await createLink()).token);
    for (const url of ['views?screen=stock/kpi', 'user/info', 'agreement', 'paxviz/token'] as const) {
      const res = await viewer.get(url);
      expect(res.status, url).toBe(403);
      expect(res.body.msg).toBe('Not available in read mode');
    }
    const save = await viewer.post('views', { screen: 'stock/kpi', name: 'x', state: {} });
    expect(save.status).toBe(403);
    expect(save.body.msg).toBe('Not available in read mode');
    expect((await viewer.post('paxviz/token', LINK)).status).toBe(403);
    expect((await viewer.post('change/password', {})).status).toBe(403);
    expect((await viewer.post('selectGroup', { group_id: 1 })).status).toBe(403);
  });

  it('a framed viewer holding no cookies is judged by its scope, not refused as a forgery', async () => {
    const viewer = await viewerOf((await createLink()).token);
    viewer.cookies.clear();
    const save = await viewer.post('views', { screen: 'stock/kpi', name: 'x', state: {} });
    expect(save.status).toBe(403);
    expect(save.body.msg).toBe('Not available in read mode');
  });

  it('a viewer header beside a session cookie does not skip the CSRF check; an empty one is no token', async () => {
    const user = await t.sessionOf(DEMO);
    user.cookies.delete('csrf');
    user.headers['x-viewer-token'] = 'not-a-token';
    const forged = await user.post('views', { screen: 'stock/kpi', name: 'x', state: {} });
    expect(forged.status).toBe(403);
    expect(forged.body.msg).toBe('Invalid CSRF token');
    const signedIn = await t.sessionOf(DEMO);
    signedIn.headers['x-viewer-token'] = '';
    const info = await signedIn.get('user/info');
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ userName: DEMO });
  });

  it('ends with its link: once the link has expired, the viewer session answers 401', async () => {
    const link = await createLink();
    const viewer = await viewerOf(link.token);
    await t.deps.store.db
      .updateTable('share_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', link.id)
      .execute();
    expect((await viewer.get('processmonitor/sessionvalidity')).status).toBe(401);
  });

  it('needs no CSRF header for token verification, and a viewer session never extends itself', async () => {
    const link = await createLink();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/paxviz/tokenVerify',
      payload: { token: link.token },
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({
      menu_name: 'stock-kpi',
      view_id: 0,
      group_id: 1,
      menu_id: 3,
      screen: 'stock/kpi',
      group: { group_id: 1, group_name: 'Demo Brands' },
    });
    const viewer = await viewerOf(link.token);
    const session = await t.deps.store.db
      .selectFrom('sessions')
      .selectAll()
      .where('share_link_id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(session.expires_at.toISOString()).toBe(link.expires_at);
    await t.deps.store.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 120_000) })
      .where('id', '=', session.id)
      .execute();
    expect((await viewer.get('processmonitor/sessionvalidity')).status).toBe(200);
    const after = await t.deps.store.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(after.expires_at.toISOString()).toBe(link.expires_at);
  });
});

describe('dead links', () => {
  it('a revoked link ends its viewers at once and opens no new session', async () => {
    const link = await createLink();
    const viewer = await viewerOf(link.token);
    const revoke = await demo.post('paxviz/token/revoke', { id: link.id });
    expect(revoke.status).toBe(200);
    expect(revoke.body.msg).toBe('Share link revoked');
    expect((await auditOf(`share_link:${link.id}`)).map((a) => a.action)).toEqual([
      'share_link.created',
      'share_link.revoked',
    ]);
    expect((await viewer.get('processmonitor/sessionvalidity')).status).toBe(401);
    const again = await t.browser().get(`pax-viz/session?token=${link.token}`);
    expect(again.status).toBe(401);
    expect(again.body.msg).toBe('Link has been expired!');
    const listed = (await demo.get('paxviz/token?screen=stock/kpi')).body.data as {
      id: number;
      status: string;
    }[];
    expect(listed.find((l) => l.id === link.id)?.status).toBe('revoked');
  });

  it("another group's admin cannot revoke a link: 404", async () => {
    const link = await createLink();
    const rival = await t.sessionOf(RIVAL, 2);
    const res = await rival.post('paxviz/token/revoke', { id: link.id });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('Share link not found');
  });

  it('tampered, expired, missing and admin-screen tokens open nothing', async () => {
    const link = await createLink();
    const [payload, signature] = link.token.split('.');
    const forged = `${payload}.${signature!.slice(0, -2)}AA`;
    for (const token of [forged, `${link.token}.x`, 'garbage']) {
      const res = await t.browser().get(`pax-viz/session?token=${encodeURIComponent(token)}`);
      expect(res.status).toBe(401);
      expect(res.body.msg).toBe('Link has been expired!');
    }
    const missing = await t.browser().get('pax-viz/session');
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('Link has been expired!');
    await t.deps.store.db
      .updateTable('share_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', link.id)
      .execute();
    const expired = await t.browser().get(`pax-viz/session?token=${link.token}`);
    expect(expired.status).toBe(401);
    // A link made before admin screens were refused (written straight to the store).
    const old = await createLink();
    await t.deps.store.db
      .updateTable('share_links')
      .set({ screen: 'user/users' })
      .where('id', '=', old.id)
      .execute();
    const adminLink = await t.browser().get(`pax-viz/session?token=${old.token}`);
    expect(adminLink.status).toBe(403);
    // The header carries the token too.
    const fresh = await createLink();
    const viaHeader = await t.app.inject({
      method: 'GET',
      url: '/api/v1/pax-viz/session',
      headers: { 'x-share-token': fresh.token },
    });
    expect(viaHeader.statusCode).toBe(200);
    const signed = signShareToken(t.kit.secret, { l: fresh.id, e: Math.floor(Date.now() / 1000) - 5 });
    expect((await t.browser().get(`pax-viz/session?token=${signed}`)).status).toBe(401);
  });
});

describe('admin actions', () => {
  it('are 403 for a user whose role grants no admin area', async () => {
    const analyst = await t.sessionOf(ANALYST);
    const target = await t.userId('stock@shelfscope.test');
    for (const [url, body] of [
      ['user/changeUserStatus', { user_id: target, status: 'blocked' }],
      ['user/resendVerification', { user_id: target }],
    ] as const) {
      const res = await analyst.post(url, body);
      expect(res.status, url).toBe(403);
      expect(res.body.msg).toBe('Access denied');
    }
    expect(
      (await t.browser().post('user/changeUserStatus', { user_id: target, status: 'blocked' })).status,
    ).toBe(401);
  });

  it('block and unblock a user of the admin group; never oneself, never another tenant', async () => {
    const target = await t.userId('stock@shelfscope.test');
    const victim = await t.sessionOf('stock@shelfscope.test');
    const self = await demo.post('user/changeUserStatus', {
      user_id: await t.userId(DEMO),
      status: 'blocked',
    });
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe('You can not block yourself.');
    const rival = await demo.post('user/changeUserStatus', {
      user_id: await t.userId(RIVAL),
      status: 'blocked',
    });
    expect(rival.status).toBe(404);
    expect(rival.body.msg).toBe('User not found');
    const blocked = await demo.post('user/changeUserStatus', { user_id: target, status: 'blocked' });
    expect(blocked.status).toBe(200);
    expect(blocked.body.data).toEqual({ user_id: target, status: 'blocked' });
    expect(blocked.body.msg).toBe('Success');
    expect((await victim.get('processmonitor/sessionvalidity')).status).toBe(401);
    expect((await auditOf(`user:${target}`)).map((a) => a.action)).toContain('user.blocked');
    const unblocked = await demo.post('user/changeUserStatus', { user_id: target, status: 'active' });
    expect(unblocked.status).toBe(200);
    const row = await t.deps.store.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', target)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
    expect((await auditOf(`user:${target}`)).map((a) => a.action)).toContain('user.unblocked');
  });

  it('resend the activation e-mail to a user of the group only', async () => {
    const target = await t.userId(ANALYST);
    const res = await demo.post('user/resendVerification', { user_id: target });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Success');
    expect(await auditOf(`user:${target}`)).toContainEqual(
      expect.objectContaining({ action: 'user.activation_sent', actor_user_id: await t.userId(DEMO) }),
    );
    // The activation mail carries the activation page's link, not the reset page's.
    expect(latestLink(t.env.DATA_DIR, ANALYST, '/public/verifyuser')).toMatch(
      /^\/public\/verifyuser\?verify_token=[\w-]{43}$/,
    );
    expect(() => latestLink(t.env.DATA_DIR, ANALYST, '/public/login?token=')).toThrow(/no link/);
    const tokens = await t.deps.store.db
      .selectFrom('tokens')
      .selectAll()
      .where('user_id', '=', target)
      .execute();
    expect(tokens.map((x) => x.purpose)).toEqual(['activation']);
    const other = await demo.post('user/resendVerification', { user_id: await t.userId(RIVAL) });
    expect(other.status).toBe(404);
  });
});
