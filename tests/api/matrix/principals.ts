/**
 * The callers the isolation matrix tries every route as, and what each may see of the victim
 * group (Demo Brands): another tenant's admin, members with less access, a share-link viewer and
 * nobody at all.
 */
import { ApiClient } from '../support/apiClient.js';
import { fetchBuffered, type BufferedResponse } from '../support/fetchBuffered.js';
import { signIn } from '../support/signIn.js';
import type { TestServer } from '../support/testServer.js';
import { VICTIM_GROUP, type Canary, type TenantFixture } from './tenantFixture.js';

export interface Principal {
  name: string;
  /**
   * Outside the group (or no one): any change to the victim's rows is a foreign write. A member
   * may write what its screens allow; only changes to rows it neither owns nor may open count.
   */
  outsider: boolean;
  userId: number | null;
  /** May open the victim group's screen `area/screen` (and see its links, decks, files). */
  opens(screenKey: string): boolean;
  /** May see this object of the victim group. */
  sees(canary: Canary): boolean;
  send(method: string, url: string, body?: unknown): Promise<BufferedResponse>;
}

function cookieSender(client: ApiClient): Principal['send'] {
  return (method, url, body) => {
    const headers: Record<string, string> = {};
    const cookie = client.cookieHeader();
    if (cookie) headers.cookie = cookie;
    const csrf = client.cookie('csrf');
    if (csrf && method !== 'GET') headers['x-csrf-token'] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetchBuffered(`${client.baseUrl}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
  };
}

/** A member of the victim group without its admin role: sees the group and the screens its role grants. */
async function member(server: TestServer, name: string, user: string): Promise<Principal> {
  const db = server.server.app.deps.store.db;
  const client = await signIn(server, user);
  const { id } = await db
    .selectFrom('users')
    .select('id')
    .where('user_name', '=', user)
    .executeTakeFirstOrThrow();
  const granted = await db
    .selectFrom('user_group_roles as m')
    .innerJoin('role_activities as ra', 'ra.role_id', 'm.role_id')
    .innerJoin('activities as a', 'a.id', 'ra.activity_id')
    .select('a.url')
    .where('m.user_id', '=', id)
    .where('m.group_id', '=', VICTIM_GROUP)
    .execute();
  const urls = new Set(granted.map((g) => g.url));
  const config = server.server.app.deps.config;
  const opens = (key: string) => urls.has(config.current().screens.get(key)?.permission ?? '');
  return {
    name,
    outsider: false,
    userId: id,
    opens,
    sees: (c) => c.audience === 'group' || (c.audience === 'screen' && (c.screens ?? []).some(opens)),
    send: cookieSender(client),
  };
}

async function outsider(server: TestServer, name: string, user: string): Promise<Principal> {
  const client = await signIn(server, user);
  return {
    name,
    outsider: true,
    userId: null,
    opens: () => false,
    sees: () => false,
    send: cookieSender(client),
  };
}

/** Outsiders first, the members whose screens allow writes last: a legitimate delete cannot hide a leak. */
export async function principalsOf(server: TestServer, fx: TenantFixture): Promise<Principal[]> {
  const anonymous = new ApiClient(server.url);
  await anonymous.raw('GET', 'processmonitor/sessionvalidity'); // the CSRF cookie a browser would hold
  const viewer: Principal = {
    name: 'share-link viewer (stock/kpi)',
    outsider: true,
    userId: null,
    opens: (key) => key === 'stock/kpi',
    sees: (c) => c.audience === 'group',
    send: (method, url, body) =>
      fetchBuffered(`${server.url}${url}`, {
        method,
        headers: {
          'x-viewer-token': fx.viewerToken,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
      }),
  };
  const nobody: Principal = {
    name: 'no session',
    outsider: true,
    userId: null,
    opens: () => false,
    sees: () => false,
    send: cookieSender(anonymous),
  };
  // Platform staff (staff@shelfscope.test) is not swept: staff may do the platform-wide operations
  // (STAFF_ONLY in isolationMatrix.test.ts) for real, which would write the config and every
  // group's profiles. Staff's own rules are tests/api/platformBoundaries.test.ts's.
  return [
    await outsider(server, "another tenant's admin", 'rival@shelfscope.test'),
    viewer,
    nobody,
    await member(server, 'stock-only role', 'stock@shelfscope.test'),
    await member(server, 'analyst (no admin area)', 'analyst@shelfscope.test'),
  ];
}
