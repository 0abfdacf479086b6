/** Input the database cannot hold is a 400 with a message, never a 500. */
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

const PAST_32_BITS = 99_999_999_999_999;

describe('bad input', () => {
  it('ids past 32 bits are 400 on every route that takes one', async () => {
    const del = await demo.raw('DELETE', `views/${PAST_32_BITS}`);
    expect(del.status).toBe(400);
    const share = await demo.post('paxviz/token', {
      view_id: PAST_32_BITS,
      menu_id: 1,
      menu_name: 'm',
      screen: 'stock/kpi',
    });
    expect(share.status).toBe(400);
    const menu = await demo.post('paxviz/token', {
      view_id: 1,
      menu_id: PAST_32_BITS,
      menu_name: 'm',
      screen: 'stock/kpi',
    });
    expect(menu.status).toBe(400);
    expect((await demo.post('paxviz/token/revoke', { id: PAST_32_BITS })).status).toBe(400);
    const status = await demo.post('user/changeUserStatus', { user_id: PAST_32_BITS, status: 'active' });
    expect(status.status).toBe(400);
    expect((await demo.post('user/resendVerification', { user_id: PAST_32_BITS })).status).toBe(400);
    expect((await demo.post('selectGroup', { group_id: PAST_32_BITS })).status).toBe(400);
    // The largest 32-bit id is fine: simply not found.
    expect((await demo.raw('DELETE', 'views/2147483647')).status).toBe(404);
  });

  it('a NUL in a view name or its state is 400, and the views are unchanged', async () => {
    const before = await demo.get<unknown[]>('views', { screen: 'stock/kpi' });
    const name = await demo.post('views', { screen: 'stock/kpi', name: 'a\u0000b', state: {} });
    expect(name.status).toBe(400);
    // One guard refuses a NUL anywhere in a request, before any route (platform/http/nulBytes.ts).
    expect(name.body.msg).toBe(NUL_MESSAGE);
    const state = await demo.post('views', { screen: 'stock/kpi', name: 'nul', state: { q: 'x\u0000' } });
    expect([200, 400]).toContain(state.status);
    const after = await demo.get<unknown[]>('views', { screen: 'stock/kpi' });
    expect(after.status).toBe(200);
    expect(after.body.data!.length).toBe(before.body.data!.length + (state.status === 200 ? 1 : 0));
  });

  it('JSON nested ~7,000 deep is 400, and the server keeps answering', async () => {
    const deep = '['.repeat(7000) + ']'.repeat(7000);
    const body = `{"screen":"stock/kpi","name":"deep","state":{"a":${deep}}}`;
    for (const route of ['views', 'authenticate', 'paxviz/token']) {
      const deepResponse = await fetch(`${server.url}/api/v1/${route}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: demo.cookieHeader(),
          'x-csrf-token': demo.cookie('csrf')!,
        },
        body,
      });
      expect(deepResponse.status, route).toBe(400);
      await deepResponse.arrayBuffer();
    }
    expect((await demo.get('processmonitor/sessionvalidity')).status).toBe(200);
  });
});
