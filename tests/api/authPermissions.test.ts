/**
 * Permissions against the product's real screens: the server refuses screens and endpoints
 * outside the caller's activities even when called directly, and a share-link viewer reaches
 * its one screen only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer.js';
import { ApiClient, latestOtp } from './support/apiClient.js';
import { fetchBuffered } from './support/fetchBuffered.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function login(user: string): Promise<ApiClient> {
  const c = new ApiClient(server.url);
  await c.post('authenticate', { username: user, password: server.env.DEMO_PASSWORD });
  await c.post('verifyotp', { otp: latestOtp(server.dataDir, user) });
  expect((await c.post('selectGroup', { group_id: 1 })).status).toBe(200);
  return c;
}

/** One endpoint of each screen, by 'area/screen'. */
function endpointOf(screen: string): string {
  for (const [path, binding] of server.server.app.deps.config.current().endpoints)
    if (binding.screenKey === screen) return path;
  throw new Error(`no endpoint for ${screen}`);
}

describe('permissions', () => {
  it('answers 401 without a session, on config and data routes alike', async () => {
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.get('config/screen', { area: 'stock', screen: 'kpi' })).status).toBe(401);
    expect((await anonymous.get(endpointOf('stock/kpi'))).status).toBe(401);
  });

  it('a restricted role gets 403 outside its activities, even when calling directly', async () => {
    const c = await login('stock@shelfscope.test');
    expect((await c.get('config/screen', { area: 'stock', screen: 'kpi' })).status).toBe(200);
    const config = await c.get('config/screen', { area: 'price', screen: 'kpi' });
    expect(config.status).toBe(403);
    expect((await c.get(endpointOf('price/kpi'))).status).toBe(403);
    expect((await c.get(endpointOf('stock/kpi'))).status).toBe(200);
  });

  it('a share-link viewer reaches its one screen only', async () => {
    const owner = await login(server.env.DEMO_USER);
    const link = await owner.post<{ token: string }>('paxviz/token', {
      view_id: 1,
      menu_id: 1,
      menu_name: 'board',
      screen: 'stock/kpi',
    });
    const session = await fetchBuffered(`${server.url}/api/v1/pax-viz/session`, {
      headers: { 'x-share-token': link.body.data!.token },
    });
    const viewer = session.headers.get('x-viewer-token')!;
    const get = (route: string) =>
      fetchBuffered(`${server.url}/api/v1/${route}`, { headers: { 'x-viewer-token': viewer } });
    expect((await get('config/screen?area=stock&screen=kpi')).status).toBe(200);
    expect((await get(endpointOf('stock/kpi'))).status).toBe(200);
    expect((await get('config/screen?area=stock&screen=data')).status).toBe(403);
    expect((await get(endpointOf('stock/data'))).status).toBe(403);
    expect((await get(endpointOf('price/kpi'))).status).toBe(403);
  });
});
