/**
 * Two signals of the stock area on the real server and demo tenant (both warehouses: the api and
 * api-pg projects), one server for both.
 *
 * Stock-out early warning (GET insights/stockout-warnings/stock/warnings): a quick-commerce
 * listing's city whose dark-store share falls 1.0, 0.8, 0.6, 0.4, 0.2 over the last 5 crawl days
 * is warned with 1 day left and its listing's baseline rupees a day; a noisy flat city of the same
 * listing is not; another group sees none of it.
 *
 * Confidence (GET insights/confidence): a listing's pages planted the way a crawl writes them
 * (crawlCoverage.ts): a page behind a bot wall and a failed page load no row and are logged
 * missing. The out-of-stock tile then no longer counts the blocked page (it has no row, so it is
 * never out of stock), and the confidence counts it missing: expected = loaded + blocked + failed,
 * figures by hand.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverageStatements } from '../../src/server/features/crawl/crawlCoverage.js';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import { refreshLostSales, lostSalesTable } from '../../src/server/language/measures/lostSalesTable.js';
import type { LostSalesModel } from '../../src/shared/config.gen.js';
import type { Confidence } from '../../src/shared/insights/confidence.js';
import type { QueryResult } from '../../src/shared/screenApi.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

type Row = Record<string, unknown>;
interface Answer {
  rows: Row[];
  total: number;
  days: string[];
}

const FALLING = [1, 0.8, 0.6, 0.4, 0.2];
const FLAT = [0.8, 0.83, 0.77, 0.82, 0.79];
const ROUTE = 'insights/stockout-warnings/stock/warnings';

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;
let listing: { product: number; channel: number; falling: number; flat: number };
let days: string[];

beforeAll(async () => {
  server = await startTestServer({ RESULT_CACHE_MB: '0' });
  demo = await signIn(server);
  rival = await signIn(server, DEMO_USERS.rival, server.env.DEMO_PASSWORD, 2);
  await plantFallingShares();
  await pickOutOfStockListing();
}, 180_000);

function lostSalesModel(): LostSalesModel {
  const ds = server.server.app.deps.config.current().datasets.get('stock')!;
  return (ds.measures.find((x) => x.id === 'lost_sales') as { model: LostSalesModel }).model;
}

async function plantFallingShares(): Promise<void> {
  const wh = server.server.app.deps.warehouse;
  // A quick-commerce listing seen in two cities on each of the last 5 crawl days.
  const found = await wh.query<{ d: string }>(
    `SELECT DISTINCT CAST(crawl_date AS VARCHAR) AS d FROM fact_stock WHERE group_id = 1 AND store_share IS NOT NULL ORDER BY d DESC LIMIT 5`,
  );
  days = found.map((r) => r.d).reverse();
  // One with a lost-sales baseline where the demo has such (quick commerce seldom has 3 fully
  // available days), so its rupees a day are checked.
  const lost = lostSalesTable(lostSalesModel());
  const [pick] = await wh.query<{ product_id: number; channel_id: number; a: number; b: number }>(
    `SELECT s.product_id, s.channel_id, MIN(s.city_id) AS a, MAX(s.city_id) AS b FROM fact_stock s
     WHERE s.group_id = 1 AND s.stores_total > 0 AND s.crawl_date >= CAST($1 AS DATE)
     GROUP BY s.product_id, s.channel_id HAVING COUNT(*) = 5 * COUNT(DISTINCT s.city_id) AND COUNT(DISTINCT s.city_id) >= 2
     ORDER BY (SELECT COUNT(*) FROM ${lost} l WHERE l.group_id = 1 AND l.product_id = s.product_id
                 AND l.channel_id = s.channel_id AND l.__baseline IS NOT NULL) DESC, s.product_id, s.channel_id
     LIMIT 1`,
    [days[0]],
  );
  listing = { product: pick!.product_id, channel: pick!.channel_id, falling: pick!.a, flat: pick!.b };
  for (const [city, shares] of [
    [listing.falling, FALLING],
    [listing.flat, FLAT],
  ] as const)
    for (let i = 0; i < 5; i++)
      await wh.query(
        `UPDATE fact_stock SET stock_status = 1, store_share = CAST($1 AS DOUBLE PRECISION),
           stores_in_stock = CAST(ROUND(stores_total * CAST($1 AS DOUBLE PRECISION)) AS SMALLINT)
         WHERE group_id = 1 AND product_id = $2 AND channel_id = $3 AND city_id = $4 AND crawl_date = CAST($5 AS DATE)`,
        [shares[i], listing.product, listing.channel, city, days[i]],
      );
  // Its days before the window fully available in every store, so lost sales has a baseline for it
  // whatever the generator drew (quick commerce seldom has 3 such days of its own).
  await wh.query(
    `UPDATE fact_stock SET stock_status = 1, store_share = CASE WHEN stores_total > 0 THEN 1.0 END,
       stores_in_stock = stores_total
     WHERE group_id = 1 AND product_id = $1 AND channel_id = $2 AND crawl_date < CAST($3 AS DATE)`,
    [listing.product, listing.channel, days[0]],
  );
  // Lost sales' listing-day table follows the load, as every loader does (docs/warehouse.md).
  const [first] = await wh.query<{ d: string }>(
    `SELECT CAST(MIN(crawl_date) AS VARCHAR) AS d FROM fact_stock WHERE group_id = 1`,
  );
  await refreshLostSales(wh, 1, { from: first!.d });
}

afterAll(async () => {
  await server?.close();
});

const filters = () => ({
  end_date: days[4]!,
  product_id: listing.product,
  channel_id: listing.channel,
});

describe('GET /insights/stockout-warnings', () => {
  it('warns the falling city with 1 day left, not the noisy flat one, ranked by baseline rupees a day', async () => {
    const res = await demo.get<Answer>(ROUTE, filters());
    expect(res.body.statusCode, res.body.msg).toBe(1);
    const a = res.body.data!;
    expect(a.days).toEqual(days);
    const mine = a.rows.filter((r) => r.city_id === listing.falling || r.city_id === listing.flat);
    expect(mine).toHaveLength(1);
    const w = mine[0]!;
    expect(w).toMatchObject({
      product_id: listing.product,
      channel_id: listing.channel,
      city_id: listing.falling,
      trend: '100% → 80% → 60% → 40% → 20%',
      share_now: 20,
      slope_pts: -20,
      days_left: 1,
    });
    // Baseline units a day x median in-stock price, from lost sales' own listing-day row.
    const [b] = await server.server.app.deps.warehouse.query<{ base: number; price: number }>(
      `SELECT __baseline AS base, __price AS price FROM ${lostSalesTable(lostSalesModel())}
       WHERE group_id = 1 AND product_id = $1 AND channel_id = $2 AND __baseline IS NOT NULL AND __day <= CAST($3 AS DATE)
       ORDER BY __day DESC LIMIT 1`,
      [listing.product, listing.channel, days[4]],
    );
    // The listing was made fully available before the window: it has one.
    expect(b, 'a baseline of the listing').toBeDefined();
    // The route answers both to the paisa (rounded half up): within half a paisa of the table's.
    expect(Math.abs(Number(w.baseline_units) - b!.base)).toBeLessThanOrEqual(0.005 + 1e-9);
    expect(Math.abs(Number(w.price) - b!.price)).toBeLessThanOrEqual(0.005 + 1e-9);
    expect(w.rupees_per_day).toBeCloseTo(b!.base * b!.price, 1);
    expect(w.sku_name).toEqual(expect.any(String));
    expect(w.city_name).toEqual(expect.any(String));
  }, 60_000);

  it('reads the days up to the end date: a day earlier, the falling series is not all there yet', async () => {
    const res = await demo.get<Answer>(ROUTE, { ...filters(), end_date: days[3]!, city_id: listing.falling });
    const a = res.body.data!;
    expect(a.days[a.days.length - 1]).toBe(days[3]);
    expect(a.rows.every((r) => r.trend !== '100% → 80% → 60% → 40% → 20%')).toBe(true);
  }, 60_000);

  it('ranks by rupees a day, most first, and answers another group without group 1 rows', async () => {
    const all = await demo.get<Answer>(ROUTE, { end_date: days[4]!, limit: 500 });
    const rupees = all.body.data!.rows.map((r) => (r.rupees_per_day as number | null) ?? -1);
    expect(rupees).toEqual([...rupees].sort((x, y) => y - x));
    expect(all.body.data!.rows.every((r) => (r.days_left as number) <= 2)).toBe(true);
    const theirs = await rival.get<Answer>(ROUTE, filters());
    expect(theirs.body.statusCode).toBe(1);
    expect(theirs.body.data!.rows.filter((r) => r.product_id === listing.product)).toEqual([]);
    const bad = await demo.get(ROUTE, { ...filters(), bogus: 1 });
    expect(bad.status).toBe(400);
  }, 60_000);
});

/** A listing out of stock in two cities on the demo's last day, seen in a third. */
let pick: { product: number; channel: number; day: string; blockedCity: number; failedCity: number };

async function pickOutOfStockListing(): Promise<void> {
  const wh = server.server.app.deps.warehouse;
  const [row] = await wh.query<{ product_id: number; channel_id: number; d: string; a: number; b: number }>(
    `SELECT product_id, channel_id, CAST(crawl_date AS VARCHAR) AS d,
       MIN(CASE WHEN stock_status = 0 THEN city_id END) AS a, MAX(CASE WHEN stock_status = 0 THEN city_id END) AS b
     FROM fact_stock WHERE group_id = 1
       AND crawl_date = (SELECT MAX(crawl_date) FROM fact_stock WHERE group_id = 1)
     GROUP BY product_id, channel_id, crawl_date
     HAVING SUM(CASE WHEN stock_status = 0 THEN 1 ELSE 0 END) >= 2 AND COUNT(*) >= 3
     ORDER BY product_id, channel_id LIMIT 1`,
  );
  pick = {
    product: row!.product_id,
    channel: row!.channel_id,
    day: row!.d,
    blockedCity: row!.a,
    failedCity: row!.b,
  };
}

const pageFilters = () => ({
  start_date: pick.day,
  end_date: pick.day,
  product_id: pick.product,
  channel_id: pick.channel,
});
const tile = async (extra: Record<string, string | number> = {}) =>
  (await demo.get<QueryResult>('stock/products/stats', { ...pageFilters(), ...extra })).body.data!.rows[0]!;
const confidence = async (client: ApiClient, extra: Record<string, string | number> = {}) => {
  const res = await client.get<Confidence>('insights/confidence', {
    screen: 'stock/kpi',
    query: 'stats',
    ...pageFilters(),
    ...extra,
  });
  expect(res.body.statusCode, res.body.msg).toBe(1);
  return res.body.data!;
};

describe('GET /insights/confidence', () => {
  it('a blocked page is no out-of-stock row and counts as missing; coverage by hand', async () => {
    const before = await tile();
    const pages = await confidence(demo);
    const observed = Number(before.in_stock) + Number(before.out_of_stock) + Number(before.delisted);
    expect(pages).toMatchObject({
      expected: observed,
      loaded: observed,
      blocked: 0,
      failed: 0,
      coverage: 100,
    });

    // The crawl of that day again, as it writes it: the walled page and the failed one load no row.
    const wh = server.server.app.deps.warehouse;
    for (const city of [pick.blockedCity, pick.failedCity])
      await wh.query(
        `DELETE FROM fact_stock WHERE group_id = 1 AND product_id = $1 AND channel_id = $2 AND city_id = $3 AND crawl_date = CAST($4 AS DATE)`,
        [pick.product, pick.channel, city, pick.day],
      );
    await wh.transaction(
      coverageStatements({ groupId: 1, channelId: pick.channel, date: pick.day }, [
        { productId: pick.product, cityId: pick.blockedCity, reason: 'Blocked: captcha', blocked: true },
        { productId: pick.product, cityId: pick.failedCity, reason: 'HTTP 500', blocked: false },
      ]),
    );
    // Another group's missing page of the same listing-day: not group 1's coverage.
    await wh.query(`INSERT INTO crawl_missing_pages VALUES (2, CAST($1 AS DATE), $2, $3, $4, 1)`, [
      pick.day,
      pick.channel,
      pick.blockedCity,
      pick.product,
    ]);

    const after = await tile();
    // Both pages were out of stock: neither is counted out of stock any more.
    expect(Number(after.out_of_stock)).toBe(Number(before.out_of_stock) - 2);
    const c = await confidence(demo);
    expect(c).toMatchObject({ expected: observed, loaded: observed - 2, blocked: 1, failed: 1 });
    expect(c.coverage).toBe(Math.round((1000 * (observed - 2)) / observed) / 10);

    // The blocked city alone: 1 page expected, none loaded, and no out-of-stock row.
    const walled = await confidence(demo, { city_id: pick.blockedCity });
    expect(walled).toMatchObject({ expected: 1, loaded: 0, blocked: 1, failed: 0, coverage: 0 });
    expect(Number((await tile({ city_id: pick.blockedCity })).out_of_stock ?? 0)).toBe(0);
  }, 60_000);

  it('leaves a status filter out of both counts and says so; freshness is the last crawl that loaded rows', async () => {
    // Stock/Data filters by status; its grid's query reads the same rows.
    const res = await demo.get<Confidence>('insights/confidence', {
      screen: 'stock/data',
      query: 'rows',
      ...pageFilters(),
      stock_status: 1,
    });
    const c = res.body.data!;
    expect(c.leftOut).toEqual(['Stock status']);
    const whole = await confidence(demo);
    expect([c.expected, c.loaded]).toEqual([whole.expected, whole.loaded]);
    expect(whole.dataTo).toBe(pick.day);
    const db = server.server.app.deps.store.db;
    await sql`INSERT INTO crawl_runs (group_id, channel_id, crawl_type, crawl_date, status, rows_loaded, created_at, finished_at)
      VALUES (1, ${pick.channel}, 3, ${pick.day}, 2, 10, '2026-11-29T06:00:00Z', '2026-11-29T06:10:00Z'),
             (1, ${pick.channel}, 3, ${pick.day}, 4, 0, '2026-11-29T07:00:00Z', '2026-11-29T07:05:00Z')`.execute(
      db,
    );
    expect((await confidence(demo)).lastLoad).toBe('2026-11-29T06:10:00.000Z');
  }, 60_000);

  it('another group sees its own pages only; a dataset that is not crawled is a 404', async () => {
    // Group 2 has no row of group 1's listing: only its own planted missing page, and no crawl run.
    const theirs = await confidence(rival);
    expect(theirs).toMatchObject({
      expected: 1,
      loaded: 0,
      blocked: 1,
      failed: 0,
      coverage: 0,
      lastLoad: null,
    });
    const sales = await demo.get('insights/confidence', { screen: 'sales/kpi', query: 'stats' });
    expect(sales.status).toBe(404);
  }, 60_000);
});
