import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import { startTestServer, type TestServer } from './support/testServer.js';
import { signIn } from './support/signIn.js';
import { ApiClient } from './support/apiClient.js';

let server: TestServer;
let demo: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  demo = await signIn(server);
});
afterAll(() => server?.close());

describe('saved views', () => {
  it('saves, lists, replaces by name and deletes a view of a screen', async () => {
    const state = { channel_id: [1, 4], start_date: '2026-11-01', end_date: '2026-11-07' };
    const saved = await demo.post<{ id: number }>('views', {
      screen: 'stock/kpi',
      name: 'Amazon + Flipkart',
      state,
    });
    expect(saved.status).toBe(200);
    await demo.post('views', {
      screen: 'stock/kpi',
      name: 'Amazon + Flipkart',
      state: { ...state, channel_id: [1] },
    });
    const list = await demo.get<{ id: number; name: string; state: { channel_id: number[] } }[]>('views', {
      screen: 'stock/kpi',
    });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data![0]!.state.channel_id).toEqual([1]);
    const removed = await demo.raw('DELETE', `views/${saved.body.data!.id}`);
    expect(removed.status).toBe(200);
    expect((await demo.get<unknown[]>('views', { screen: 'stock/kpi' })).body.data).toEqual([]);
  });

  it('refuses bad input with 400 and an unknown screen with 404', async () => {
    expect((await demo.post('views', { screen: 'stock/kpi', name: '', state: {} })).status).toBe(400);
    expect((await demo.post('views', { screen: "stock/kpi'; --", name: 'x', state: {} })).status).toBe(400);
    expect((await demo.post('views', { screen: 'nope/none', name: 'x', state: {} })).status).toBe(404);
  });

  it('keeps views per user: another user neither sees nor deletes them', async () => {
    const saved = await demo.post<{ id: number }>('views', {
      screen: 'stock/kpi',
      name: 'Mine',
      state: { brand_id: [3] },
    });
    const other = await signIn(server, DEMO_USERS.multi);
    expect((await other.get<unknown[]>('views', { screen: 'stock/kpi' })).body.data).toEqual([]);
    expect((await other.raw('DELETE', `views/${saved.body.data!.id}`)).status).toBe(404);
    expect((await demo.get<unknown[]>('views', { screen: 'stock/kpi' })).body.data).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    const anonymous = await new ApiClient(server.url).get('views', { screen: 'stock/kpi' });
    expect(anonymous.status).toBe(401);
  });
});
