/**
 * A link that carries only ids (a shared link, a typed address) shows names: the filter bar asks
 * GET suggestion/{source}?keys=… for the chosen keys' names (useMissingNames.ts). The names come
 * from the caller's group only, whatever the period; a share-link viewer gets them too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/apiClient.js';
import { fetchBuffered } from './support/fetchBuffered.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

let server: TestServer;
let demo: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  demo = await signIn(server);
});
afterAll(async () => server?.close());

type Options = Record<string, { key: number; name: string }[]>;

/** Two brands of a group, straight from the warehouse. */
async function brandsOf(groupId: number): Promise<{ id: number; name: string }[]> {
  return server.server.app.deps.warehouse.query<{ id: number; name: string }>(
    'SELECT brand_id AS id, brand_name AS name FROM dim_brand WHERE group_id = $1 ORDER BY brand_id LIMIT 2',
    [groupId],
  );
}

describe('names of ids that came without them', () => {
  it("names the chosen brands by id, in the caller's group only, outside any period", async () => {
    const own = await brandsOf(1);
    const [rival] = await brandsOf(2);
    const res = await demo.get<Options>('suggestion/brand', {
      screenName: 'stock/kpi',
      keys: [...own.map((b) => b.id), rival!.id].join(','),
      // Ignored with keys: a name shows whatever period the link pins.
      start_date: '2001-01-01',
      end_date: '2001-01-02',
    });
    expect(res.body.statusCode).toBe(1);
    expect(res.body.data!.brand).toEqual(own.map((b) => ({ key: b.id, name: b.name })));
    expect(own[0]!.name).not.toBe(String(own[0]!.id));
  });

  it('answers a share-link viewer, and refuses a key that is not an id', async () => {
    const [brand] = await brandsOf(1);
    const link = await demo.post<{ token: string }>('paxviz/token', {
      view_id: 0,
      menu_id: 0,
      menu_name: 'stock-kpi',
      screen: 'stock/kpi',
      filters: new URLSearchParams({ brand_id: `[${brand!.id}]` }).toString(),
    });
    const session = await fetchBuffered(`${server.url}/api/v1/pax-viz/session`, {
      headers: { 'x-share-token': link.body.data!.token },
    });
    const viewer = session.headers.get('x-viewer-token')!;
    const named = await fetchBuffered(
      `${server.url}/api/v1/suggestion/brand?screenName=stock/kpi&keys=${brand!.id}`,
      { headers: { 'x-viewer-token': viewer } },
    );
    expect(named.json<{ data: Options }>().data.brand).toEqual([{ key: brand!.id, name: brand!.name }]);
    const bad = await demo.get('suggestion/brand', { screenName: 'stock/kpi', keys: '1 OR 1=1' });
    expect(bad.status).toBe(400);
  });
});
