/** Logout is a POST behind the CSRF check; GET changes nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startAuthServer, type AuthServer } from './authHarness.js';

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer();
});
afterAll(() => server.close());

describe('logout', () => {
  it('GET answers 405 and the session lives on', async () => {
    const c = await login(server);
    const r = await c.raw('GET', 'logout');
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('POST');
    expect((await c.get('processmonitor/sessionvalidity')).status).toBe(200);
  });

  it('POST without the CSRF header is refused and the session lives on', async () => {
    const c = await login(server);
    const r = await c.raw('POST', 'logout', { body: {}, headers: { 'x-csrf-token': 'forged' } });
    expect(r.status).toBe(403);
    expect((await c.get('processmonitor/sessionvalidity')).status).toBe(200);
  });

  it('POST with the CSRF header ends the session', async () => {
    const c = await login(server);
    expect((await c.post('logout')).status).toBe(200);
    expect((await c.get('processmonitor/sessionvalidity')).status).toBe(401);
  });
});
