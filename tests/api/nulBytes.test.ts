/** One guard (src/server/platform/http/nulBytes.ts) refuses a NUL anywhere in a request with a 400. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startAuthServer, type AuthServer } from './authHarness.js';
import type { ApiClient } from './support/apiClient.js';
import { NUL_MESSAGE } from '../../src/server/platform/http/nulBytes.js';

let server: AuthServer;
let demo: ApiClient;
beforeAll(async () => {
  server = await startAuthServer();
  demo = await login(server);
});
afterAll(() => server.close());

describe('NUL bytes', () => {
  it('sign-in with a NUL in the name or password is 400, with no session needed', async () => {
    const anonymous = server.client();
    for (const body of [
      { username: 'demo\u0000@shelfscope.test', password: 'x' },
      { username: 'demo@shelfscope.test', password: 'Demo\u0000' },
    ]) {
      const answer = await anonymous.post('authenticate', body);
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe(NUL_MESSAGE);
    }
  });

  it('alert-rule names and view settings with a NUL are 400 and change nothing', async () => {
    const rulesBefore = await demo.get<unknown[]>('alert-rules');
    const rule = await demo.post('alert-rules', { kind: 'out_of_stock', name: 'a\u0000b' });
    expect(rule.status).toBe(400);
    expect((await demo.get<unknown[]>('alert-rules')).body.data).toEqual(rulesBefore.body.data);
    const settingsBefore = await demo.get('view/settings');
    const settings = await demo.post('view/settings', {
      mrp: 'MRP\u0000',
      selling_price: 'SP',
      currencySign: 'fa fa-inr',
      images_type: 0,
    });
    expect(settings.status).toBe(400);
    expect((await demo.get('view/settings')).body.data).toEqual(settingsBefore.body.data);
  });

  it('a NUL in a key, the path, the query or a header is 400', async () => {
    expect(
      (await demo.post('views', { screen: 'stock/kpi', name: 'n', state: { 'a\u0000': 1 } })).status,
    ).toBe(400);
    expect((await demo.raw('GET', 'views%00')).status).toBe(400);
    expect((await demo.raw('GET', 'views?screen=stock%2Fkpi%00')).status).toBe(400);
    const header = await demo.raw('GET', 'views?screen=stock%2Fkpi', { headers: { 'x-note': 'a%00b' } });
    expect(header.status).toBe(400);
    const cookie = await fetch(`${server.url}/api/v1/user/info`, { headers: { cookie: 'sid=abc%00' } });
    expect(cookie.status).toBe(400);
    await cookie.arrayBuffer();
    expect((await demo.get('views', { screen: 'stock/kpi' })).status).toBe(200);
  });
});
