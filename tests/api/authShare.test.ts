/** Read mode: signed, expiring, revocable share links scoped to one view, menu and screen. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startAuthServer, type AuthServer } from './authHarness.js';
import { signShareToken } from '../../src/server/access/auth/shareToken.js';
import { ApiClient } from './support/apiClient.js';
import { fetchBuffered, type BufferedResponse } from './support/fetchBuffered.js';
import { ADMIN_SHARE_REFUSED, SHARE_FILTERS_MAX } from '../../src/shared/auth/shareLinks.js';
import { ADMIN_ACTIVITIES } from '../../src/shared/admin/adminActivities.js';
import { REVOKE_REFUSED } from '../../src/server/access/auth/shareService.js';

let server: AuthServer;
let owner: ApiClient;
beforeAll(async () => {
  server = await startAuthServer();
  owner = await login(server);
});
afterAll(() => server.close());

interface Created {
  id: number;
  token: string;
  url: string;
}

async function share(screen = 'stock/kpi', extra: Record<string, unknown> = {}): Promise<Created> {
  const r = await owner.post<Created>('paxviz/token', {
    view_id: 7,
    menu_id: 3,
    menu_name: 'stock-board',
    screen,
    ...extra,
  });
  expect(r.status).toBe(200);
  return r.body.data!;
}

/** A framed viewer: no cookies, the share token in, the viewer token in a header from then on. */
async function openViewer(
  token: string,
): Promise<{ status: number; viewer: string | null; body: Record<string, unknown> }> {
  const r = await fetchBuffered(`${server.url}/api/v1/pax-viz/session`, {
    headers: { 'x-share-token': token },
  });
  return {
    status: r.status,
    viewer: r.headers.get('x-viewer-token'),
    body: r.json<Record<string, unknown>>(),
  };
}

function asViewer(viewer: string, route: string, init: RequestInit = {}): Promise<BufferedResponse> {
  return fetchBuffered(`${server.url}/api/v1/${route}`, {
    ...init,
    headers: { 'x-viewer-token': viewer, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
}

describe('share links', () => {
  it('opens a viewer session limited to the one shared screen', async () => {
    const link = await share();
    expect(link.url).toContain('/workspace/paxviz/stock-board?token=');
    // Without PUBLIC_URL the link carries the address the creator browsed on, not localhost.
    expect(link.url.startsWith(`${server.url}/workspace/paxviz/`), link.url).toBe(true);
    const opened = await openViewer(link.token);
    expect(opened.status).toBe(200);
    expect(opened.viewer).toBeTruthy();
    const verify = await asViewer(opened.viewer!, 'paxviz/tokenVerify', {
      method: 'POST',
      body: JSON.stringify({ token: link.token }),
    });
    expect(verify.json()).toMatchObject({
      statusCode: 1,
      menu_name: 'stock-board',
      view_id: 7,
      menu_id: 3,
      group_id: 1,
      user_id: expect.any(Number) as number,
      group: { group_id: 1, group_name: 'Demo Brands' },
    });
    const validity = (await asViewer(opened.viewer!, 'processmonitor/sessionvalidity')).json<{
      data: { readMode: boolean };
    }>();
    expect(validity.data.readMode).toBe(true);
    const menu = (await asViewer(opened.viewer!, 'user/menu')).json<{
      data: { activityList: string[] };
    }>();
    expect(menu.data.activityList).toEqual(['stock/kpi']);
    // A viewer is not a user: no user info, no admin, no new links.
    expect((await asViewer(opened.viewer!, 'user_info')).status).toBe(403);
  });

  it('refuses a link to a screen the creator may not open', async () => {
    const stockUser = await login(server, 'stock@shelfscope.test');
    const r = await stockUser.post('paxviz/token', {
      view_id: 1,
      menu_id: 1,
      menu_name: 'p',
      screen: 'price/kpi',
    });
    expect(r.status).toBe(403);
  });

  it('refuses tampered, forged and expired tokens with the spec message', async () => {
    const link = await share();
    const [payload, sig] = link.token.split('.');
    const tampered = `${Buffer.from(JSON.stringify({ l: 999, e: 4102444800 })).toString('base64url')}.${sig}`;
    for (const token of [
      tampered,
      // A changed first character (a fixed 'x' left the signature intact 1 time in 64).
      `${payload}.${sig!.startsWith('x') ? 'y' : 'x'}${sig!.slice(1)}`,
      signShareToken(Buffer.from('other key'), { l: link.id, e: 4102444800 }),
    ]) {
      const opened = await openViewer(token);
      expect(opened.status).toBe(401);
      expect(opened.body.msg).toBe('Link has been expired!');
    }
    const shortLived = await share('stock/kpi', { expires_in_hours: 1 });
    await server.deps.store.db
      .updateTable('share_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', shortLived.id)
      .execute();
    expect((await openViewer(shortLived.token)).status).toBe(401);
  });

  it('revokes one link on its own and ends its viewer sessions at once', async () => {
    const a = await share();
    const b = await share();
    const viewerA = (await openViewer(a.token)).viewer!;
    const viewerB = (await openViewer(b.token)).viewer!;
    expect((await owner.post('paxviz/token/revoke', { id: a.id })).status).toBe(200);
    expect((await asViewer(viewerA, 'processmonitor/sessionvalidity')).status).toBe(401);
    expect((await openViewer(a.token)).status).toBe(401);
    expect((await asViewer(viewerB, 'processmonitor/sessionvalidity')).status).toBe(200);
    // Another group cannot revoke it.
    const rival = await login(server, 'rival@shelfscope.test', undefined, 2);
    expect((await rival.post('paxviz/token/revoke', { id: b.id })).status).toBe(404);
  });

  it('only its creator, a user who may open its screen, or an admin revokes a link', async () => {
    const price = await share('price/kpi');
    const stockLink = await share('stock/kpi');
    const stockOnly = await login(server, 'stock@shelfscope.test');
    const refused = await stockOnly.post('paxviz/token/revoke', { id: price.id });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(REVOKE_REFUSED);
    expect((await openViewer(price.token)).status).toBe(200);
    expect((await stockOnly.post('paxviz/token/revoke', { id: stockLink.id })).status).toBe(200);
    expect((await openViewer(stockLink.token)).status).toBe(401);
  });

  it("lists one screen's links with their status (the Share dialog's list), in the caller's group only", async () => {
    const live = await share('stock/data');
    const revoked = await share('stock/data');
    const expired = await share('stock/data', { expires_in_hours: 1 });
    await share('stock/kpi');
    expect((await owner.post('paxviz/token/revoke', { id: revoked.id })).status).toBe(200);
    await server.deps.store.db
      .updateTable('share_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.id)
      .execute();
    const r = await owner.get<Array<{ id: number; screen: string; status: string }>>(
      'paxviz/token?screen=stock/data',
    );
    expect(r.status).toBe(200);
    const links = r.body.data!;
    expect(links.every((l) => l.screen === 'stock/data')).toBe(true);
    const status = Object.fromEntries(links.map((l) => [l.id, l.status]));
    expect(status).toMatchObject({ [live.id]: 'live', [revoked.id]: 'revoked', [expired.id]: 'expired' });
    // Newest first, and no token in a list.
    expect(links.map((l) => l.id)).toEqual([...links.map((l) => l.id)].sort((a, b) => b - a));
    expect(JSON.stringify(links)).not.toContain(live.token);
    // Another group sees none of them.
    const rival = await login(server, 'rival@shelfscope.test', undefined, 2);
    const theirs = await rival.get<Array<{ id: number }>>('paxviz/token?screen=stock/data');
    expect(theirs.body.data!.map((l) => l.id)).not.toContain(live.id);
    // A screen that is not 'area/screen', or an unknown parameter, is a 400.
    for (const query of ['screen=stock', "screen=stock/kpi'--", 'screen=a/b&x=1']) {
      expect((await owner.get(`paxviz/token?${query}`)).status).toBe(400);
    }
  });

  it('keeps the filters on screen in the link: the viewer and the list get them back', async () => {
    // As the address bar holds them (filtersToSearch): a channel and pinned dates.
    const filters = new URLSearchParams({
      channel_id: '[2]',
      start_date: '2026-11-01',
      end_date: '2026-11-10',
      selected_filters: JSON.stringify({ channel_id: { 2: 'Blinkit' } }),
    }).toString();
    const link = await share('stock/kpi', { filters });
    const viewer = (await openViewer(link.token)).viewer!;
    const verify = await asViewer(viewer, 'paxviz/tokenVerify', {
      method: 'POST',
      body: JSON.stringify({ token: link.token }),
    });
    expect(verify.json()).toMatchObject({ statusCode: 1, screen: 'stock/kpi', filters });
    const listed = await owner.get<Array<{ id: number; filters: string | null }>>(
      'paxviz/token?screen=stock/kpi',
    );
    expect(listed.body.data!.find((l) => l.id === link.id)?.filters).toBe(filters);
    // No filters: the screen's defaults (null), as before.
    const plain = await share('stock/kpi');
    const plainVerify = await asViewer((await openViewer(plain.token)).viewer!, 'paxviz/tokenVerify', {
      method: 'POST',
      body: JSON.stringify({ token: plain.token }),
    });
    expect(plainVerify.json()).toMatchObject({ statusCode: 1, filters: null });
  });

  it('refuses filters that are not a URL query or over the cap: 400, nothing written', async () => {
    const count = async () =>
      Number(
        (
          await server.deps.store.db
            .selectFrom('share_links')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const bad: unknown[] = [
      'a'.repeat(SHARE_FILTERS_MAX + 1),
      'channel_id=<script>alert(1)</script>',
      'channel_id="2"',
      'a b',
      { channel_id: [2] },
      { toString: 'channel_id=2' },
    ];
    for (const filters of bad) {
      const r = await owner.post('paxviz/token', {
        view_id: 0,
        menu_id: 0,
        menu_name: 'stock-kpi',
        screen: 'stock/kpi',
        filters,
      });
      expect(r.status, JSON.stringify(filters).slice(0, 60)).toBe(400);
      expect(r.body.msg).toMatch(/filters/);
    }
    // The cap itself is allowed.
    const atCap = `x=${'a'.repeat(SHARE_FILTERS_MAX - 2)}`;
    expect((await share('stock/kpi', { filters: atCap })).id).toBeGreaterThan(0);
    expect(await count()).toBe(before + 1);
  });

  it('never shares an admin screen, even one the creator may open', async () => {
    const menu = (await owner.get<{ activityList: string[] }>('user/menu')).body.data!;
    const admin = Object.values(ADMIN_ACTIVITIES).map((a) => a.url);
    const open = admin.filter((url) => menu.activityList.includes(url));
    expect(open).toEqual(expect.arrayContaining(['client/clients', 'client/clientlogs', 'user/users']));
    for (const screen of admin) {
      const r = await owner.post('paxviz/token', {
        view_id: 0,
        menu_id: 0,
        menu_name: screen.replace('/', '-'),
        screen,
      });
      expect(r.status, screen).toBe(403);
      expect(r.body.msg).toBe(ADMIN_SHARE_REFUSED);
    }
    const written = await server.deps.store.db
      .selectFrom('share_links')
      .select('id')
      .where('screen', 'in', admin)
      .execute();
    expect(written).toEqual([]);

    // A link made to an admin screen before this rule opens nothing.
    const old = await share('stock/kpi');
    await server.deps.store.db
      .updateTable('share_links')
      .set({ screen: 'user/users' })
      .where('id', '=', old.id)
      .execute();
    const opened = await openViewer(old.token);
    expect(opened.status).toBe(403);
    expect(opened.viewer).toBeNull();
    expect(opened.body).toMatchObject({ statusCode: 0, msg: ADMIN_SHARE_REFUSED });
  });

  it('only the embed route may be framed', async () => {
    const api = await fetchBuffered(`${server.url}/api/v1/processmonitor/sessionvalidity`);
    expect(api.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(api.headers.get('x-frame-options')).toBe('DENY');
    const embed = await fetchBuffered(`${server.url}/workspace/paxviz/stock-board?token=x`);
    expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *');
    const page = await fetchBuffered(`${server.url}/workspace/stock/kpi`);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('a viewer token never works as a cookie session for state changes without CSRF', async () => {
    const link = await share();
    const viewer = (await openViewer(link.token)).viewer!;
    const c = new ApiClient(server.url);
    const r = await c.raw('PUT', 'agreement', { body: {}, headers: { cookie: `sid=${viewer}` } });
    expect(r.status).toBe(403);
  });
});
