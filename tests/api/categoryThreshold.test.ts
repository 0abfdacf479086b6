/**
 * catg/threshold: the rank threshold a brand sets per category is what the category
 * screens count against. Within Threshold = ranked listings with rank <= their category's
 * threshold; the tile, the Categories grid and the assortment grid agree with raw SQL before and
 * after Set Threshold, and one group's threshold never moves another group's numbers. Both
 * engines (API_TEST_PG=1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/apiClient.js';
import { signInDemoRivalAnalyst } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

type Row = Record<string, unknown>;
const PERIOD = { start_date: '2000-01-01', end_date: '2099-12-31' };
const THRESHOLD = 'mutate/category/kpi/threshold';
const n = (v: unknown) => Number(v ?? 0);

describe('category rank threshold (catg/threshold) in the category measures', () => {
  let server: TestServer;
  let demo: ApiClient;
  let rival: ApiClient;

  beforeAll(async () => {
    server = await startTestServer();
    [demo, rival] = await signInDemoRivalAnalyst(server);
  });
  afterAll(async () => server?.close());

  const get = async (client: ApiClient, endpoint: string, params: Row = {}): Promise<Row[]> => {
    const res = await client.get<{ rows: Row[] }>(endpoint, { ...PERIOD, limit: 500, ...params });
    expect(res.body.statusCode, `${endpoint}: ${res.body.msg}`).toBe(1);
    return res.body.data!.rows;
  };
  /** Every row of a paged endpoint. */
  const all = async (client: ApiClient, endpoint: string): Promise<Row[]> => {
    const rows: Row[] = [];
    for (let offset = 0; ; offset += 500) {
      const page = await get(client, endpoint, { offset });
      rows.push(...page);
      if (page.length < 500) return rows;
    }
  };
  /** Within Threshold straight from the facts and the stored thresholds, per category. */
  const raw = async (groupId: number): Promise<Map<number, number>> => {
    const rows = await server.server.app.deps.warehouse.query<{ c: number; w: number }>(
      `SELECT f.category_id AS c, COUNT(*) AS w FROM fact_category_rank f
         JOIN dim_category d ON d.category_id = f.category_id AND d.group_id = f.group_id
        WHERE f.group_id = $1 AND f.category_rank <= d.rank_threshold GROUP BY f.category_id`,
      [groupId],
    );
    return new Map(rows.map((r) => [Number(r.c), Number(r.w)]));
  };
  /** The screens' view of one group: tile, Categories grid by category, assortment grid sum. */
  const screens = async (client: ApiClient) => {
    const [tile] = await get(client, 'category/visibility/count');
    const grid = await all(client, 'catg/classification');
    const assortment = await all(client, 'category/assortment/list');
    return { tile: tile!, grid, assortment };
  };
  const checkAgainstRaw = async (client: ApiClient, groupId: number) => {
    const { tile, grid, assortment } = await screens(client);
    const expected = await raw(groupId);
    const total = [...expected.values()].reduce((a, b) => a + b, 0);
    expect(n(tile.within_threshold)).toBe(total);
    expect(n(tile.within_threshold_pct)).toBeCloseTo((total / n(tile.listings)) * 100, 6);
    expect(grid.reduce((s, r) => s + n(r.within_threshold), 0)).toBe(total);
    for (const r of grid) {
      expect(n(r.within_threshold), `category ${String(r.category_id)}`).toBe(
        expected.get(n(r.category_id)) ?? 0,
      );
      expect(n(r.within_threshold_pct)).toBeCloseTo((n(r.within_threshold) / n(r.listings)) * 100, 6);
    }
    expect(assortment.reduce((s, r) => s + n(r.within_threshold), 0)).toBe(total);
    return { tile, grid };
  };

  it('Within Threshold follows the threshold set through the API; the other group never moves', async () => {
    const before = await checkAgainstRaw(demo, 1);
    const rivalBefore = JSON.stringify(await screens(rival));
    await checkAgainstRaw(rival, 2);
    // The demo brands set their own thresholds (demo/categoryThresholds.ts): Within Threshold is
    // its own figure, not the Top 10 count under another name.
    expect(new Set(before.grid.map((r) => n(r.rank_threshold))).size).toBeGreaterThan(1);
    expect(n(before.tile.within_threshold)).not.toBe(n(before.tile.top10));

    // The category with the most ranked listings, set to 3: its count becomes its Top 3.
    const target = [...before.grid].sort((a, b) => n(b.listings) - n(a.listings))[0]!;
    const [top3] = await server.server.app.deps.warehouse.query<{ t3: number }>(
      `SELECT COUNT(*) AS t3 FROM fact_category_rank WHERE group_id = 1 AND category_id = $1 AND category_rank <= 3`,
      [target.category_id],
    );
    const t3 = Number(top3!.t3);
    expect(t3).toBeLessThan(n(target.within_threshold));
    const set = await demo.post(THRESHOLD, {
      id: target.category_id,
      updated_at: target.updated_at,
      rank_threshold: 3,
    });
    expect(set.status, set.body.msg).toBe(200);

    const after = await checkAgainstRaw(demo, 1);
    const row = after.grid.find((r) => r.category_id === target.category_id)!;
    expect(row).toMatchObject({ rank_threshold: 3 });
    expect(n(row.within_threshold)).toBe(t3);
    expect(n(after.tile.within_threshold)).toBe(
      n(before.tile.within_threshold) - n(target.within_threshold) + t3,
    );
    expect(JSON.stringify(await screens(rival))).toBe(rivalBefore);

    // Group 2 raising its own category's threshold moves its numbers only.
    const demoAfter = JSON.stringify(await screens(demo));
    const rivalGrid = (await screens(rival)).grid;
    const theirs = rivalGrid.find((r) => n(r.within_threshold) < n(r.listings))!;
    const raised = await rival.post(THRESHOLD, {
      id: theirs.category_id,
      updated_at: theirs.updated_at,
      rank_threshold: 100,
    });
    expect(raised.status, raised.body.msg).toBe(200);
    const rivalAfter = await checkAgainstRaw(rival, 2);
    expect(rivalAfter.grid.find((r) => r.category_id === theirs.category_id)).toMatchObject({
      within_threshold: theirs.listings,
    });
    expect(JSON.stringify(await screens(demo))).toBe(demoAfter);
  });

  it('each rank bucket counts the listings ranked in its range, and Top 10 those ranked 1-10', async () => {
    const [tile] = await get(demo, 'category/visibility/count');
    const [raw] = await server.server.app.deps.warehouse.query<Record<string, number>>(
      `SELECT COUNT(CASE WHEN category_rank <= 3 THEN 1 END) AS top3,
              COUNT(CASE WHEN category_rank BETWEEN 4 AND 10 THEN 1 END) AS rank_4_10,
              COUNT(CASE WHEN category_rank BETWEEN 11 AND 20 THEN 1 END) AS rank_11_20,
              COUNT(CASE WHEN category_rank BETWEEN 21 AND 50 THEN 1 END) AS rank_21_50,
              COUNT(CASE WHEN category_rank BETWEEN 51 AND 100 THEN 1 END) AS rank_51_100,
              COUNT(CASE WHEN category_rank <= 10 THEN 1 END) AS top10
         FROM fact_category_rank WHERE group_id = 1`,
    );
    for (const bucket of ['top3', 'rank_4_10', 'rank_11_20', 'rank_21_50', 'rank_51_100', 'top10'])
      expect([bucket, n(tile![bucket])]).toEqual([bucket, n(raw![bucket])]);
  });
});
