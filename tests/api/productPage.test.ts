/**
 * A grid's image preview links to the product's pages on its channels, read from
 * GET product/page/data (the spec's route). Only the caller's group's products are found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer.js';
import { signIn } from './support/signIn.js';
import { ApiClient } from './support/apiClient.js';
import type { ProductPage } from '../../src/shared/screenApi.js';

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  demo = await signIn(server);
  rival = await signIn(server, 'rival@shelfscope.test');
}, 600_000);

afterAll(() => server?.close());

describe('product pages (GET product/page/data)', () => {
  it("answers a product's page on each channel it is listed on, for its own group only", async () => {
    const warehouse = server.server.app.deps.warehouse;
    const [listed] = await warehouse.query<{ product_id: number; n: number }>(
      `SELECT product_id, COUNT(*)::INTEGER AS n FROM dim_listing WHERE group_id = $1
       GROUP BY product_id ORDER BY COUNT(*) DESC, product_id LIMIT 1`,
      [1],
    );
    const id = Number(listed!.product_id);
    const res = await demo.get<ProductPage>(`product/page/data?product_id=${id}`);
    expect(res.status).toBe(200);
    const page = res.body.data!;
    expect(page.productId).toBe(id);
    expect(page.skuName).not.toBe('');
    expect(page.pages).toHaveLength(Number(listed!.n));
    expect(new Set(page.pages.map((p) => p.channelId)).size).toBe(page.pages.length);
    for (const p of page.pages) {
      expect(p.url).toMatch(/^https:\/\//);
      expect(p.channelName).not.toBe('');
    }
    // The rival group does not see the demo group's product: 404, as for an unknown id.
    expect((await rival.get(`product/page/data?product_id=${id}`)).status).toBe(404);
    expect((await demo.get('product/page/data?product_id=2147483647')).status).toBe(404);
  });

  it('refuses bad input with 400 and an anonymous caller with 401', async () => {
    expect((await demo.get('product/page/data')).status).toBe(400);
    expect((await demo.get('product/page/data?product_id=abc')).status).toBe(400);
    expect((await demo.get('product/page/data?product_id=0')).status).toBe(400);
    expect((await new ApiClient(server.url).get('product/page/data?product_id=1')).status).toBe(401);
  });
});
