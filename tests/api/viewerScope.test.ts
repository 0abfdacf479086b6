/**
 * A share-link viewer token reaches only its one screen's read routes. Walks
 * every API route the server has with a viewer token; all but the read-mode reads answer 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startAuthServer, type AuthServer } from './authHarness.js';
import type { ApiClient } from './support/apiClient.js';
import { fetchBuffered } from './support/fetchBuffered.js';

let server: AuthServer;
let owner: ApiClient;
let viewer: string;
beforeAll(async () => {
  server = await startAuthServer();
  owner = await login(server);
  const link = await owner.post<{ token: string }>('paxviz/token', {
    view_id: 7,
    menu_id: 3,
    menu_name: 'stock-board',
    screen: 'stock/kpi',
  });
  const session = await fetchBuffered(`${server.url}/api/v1/pax-viz/session`, {
    headers: { 'x-share-token': link.body.data!.token },
  });
  viewer = session.headers.get('x-viewer-token')!;
});
afterAll(() => server.close());

/** Written out here, apart from the server's list, so a route opened by mistake fails this test. */
const VIEWER_READS = new Set([
  'GET /api/v1/processmonitor/sessionvalidity',
  'GET /api/v1/user/menu',
  'GET /api/v1/info/getlastcrawltiming',
  'GET /api/v1/config/areas',
  'GET /api/v1/config/screen',
  'GET /api/v1/suggestion/:source',
  'GET /api/v1/*',
  'GET /api/v1/pax-viz/session',
  'POST /api/v1/paxviz/tokenVerify',
  // A shared slide view (docs/slides.md): the one deck, and its widgets' screens through it.
  'GET /api/v1/paxviz/slideview/list',
  'GET /api/v1/paxviz/slideview/:viewId',
  'GET /api/v1/paxviz/slideview/:viewId/config/screen',
  'GET /api/v1/paxviz/slideview/:viewId/suggestion/:source',
  'GET /api/v1/paxviz/slideview/:viewId/*',
]);

/** Every route of the app as "METHOD /path", from Fastify's own route table. */
function allApiRoutes(): string[] {
  const routes: string[] = [];
  const text = server.app.printRoutes({ commonPrefix: false });
  for (const line of text.split('\n')) {
    const m = /(\/\S*) \(([A-Z, ]+)\)/.exec(line);
    if (!m || !m[1]!.startsWith('/api/v1/')) continue;
    for (const method of m[2]!.split(', ')) if (method !== 'HEAD') routes.push(`${method} ${m[1]}`);
  }
  return routes;
}

const asViewer = (method: string, path: string) =>
  fetchBuffered(
    `${server.url}${path.replace(':id', '1').replace(':source', 'brand').replace('*', 'stock/data')}`,
    {
      method,
      headers: { 'x-viewer-token': viewer, 'content-type': 'application/json' },
      body:
        method === 'GET' || method === 'DELETE'
          ? undefined
          : JSON.stringify({ screen: 'stock/kpi', name: 'x', state: {} }),
    },
  );

describe('viewer scope', () => {
  it('walks every API route: only the read-mode reads answer a viewer, the rest is 403', async () => {
    const routes = allApiRoutes();
    expect(routes.length).toBeGreaterThan(20);
    expect(routes).toContain('POST /api/v1/views');
    const wrong: string[] = [];
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const r = await asViewer(method, path);
      if (
        VIEWER_READS.has(route)
          ? r.status === 403 && !path.includes('*') && !path.includes(':')
          : r.status !== 403
      )
        wrong.push(`${route} -> ${r.status}`);
      expect(r.status, route).not.toBe(500);
    }
    expect(wrong).toEqual([]);
  });

  it("the link creator's saved views are neither readable nor writable with the viewer token", async () => {
    await owner.post('views', { screen: 'stock/kpi', name: 'private', state: { a: 1 } });
    const read = await asViewer('GET', '/api/v1/views?screen=stock/kpi');
    expect(read.status).toBe(403);
    expect(read.text()).not.toContain('private');
    expect((await asViewer('POST', '/api/v1/views')).status).toBe(403);
    const own = await owner.get<{ name: string; state: unknown }[]>('views', { screen: 'stock/kpi' });
    expect(own.body.data!.map((v) => v.name)).toEqual(['private']);
  });

  it('the viewer still reads its one screen and nothing next to it', async () => {
    expect((await asViewer('GET', '/api/v1/config/screen?area=stock&screen=kpi')).status).toBe(200);
    expect((await asViewer('GET', '/api/v1/config/screen?area=stock&screen=data')).status).toBe(403);
    expect((await asViewer('GET', '/api/v1/user/menu')).status).toBe(200);
  });
});
