/**
 * Live Tracking, both engines with API_TEST_PG=1: a list imported through the
 * upload pipeline on tracking/livetracking, a crawl type 5 run from the process monitor over the
 * fixture marketplace, its hourly observations against the market's truth, and
 * advertising/live_tracking setting them next to the hour's ad spend. Group isolation, the
 * analyst's 403 and the pipeline's bad-file answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMarketDay } from '../../src/server/demo/fixtureMarket/marketDay.js';
import type { Warehouse } from '../../src/server/platform/warehouse/warehouse.js';
import type { ApiClient } from './support/apiClient.js';
import { finishedRun } from './support/crawlRunPoll.js';
import { fetchBuffered } from './support/fetchBuffered.js';
import { signInDemoRivalAnalyst } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';
import { sheetRows, uploadFile, XLSX_MIME, xlsxOf } from './support/uploadClient.js';

const LIST = 'uploads/tracking/livetracking/list';
const HEADER = ['Channel', 'ASIN', 'City'];
type Row = Record<string, unknown>;

interface Run {
  id: number;
  crawl_type: number;
  status: number;
  status_name: string;
  pages_total: number;
  pages_ok: number;
  rows_loaded: number;
  crawl_date: string;
  message: string;
}
interface Listed {
  asin: string;
  product_id: number;
  city_id: number;
  city_name: string;
  stock_status: number;
}

let server: TestServer;
let wh: Warehouse;
let demo: ApiClient;
let rival: ApiClient;
let analyst: ApiClient;
let date: string;
let listed: Listed[];

const rows = async (client: ApiClient, endpoint: string, params: Record<string, string | number> = {}) => {
  const res = await client.get<{ rows: Row[] }>(endpoint, { limit: 100, ...params });
  expect([endpoint, res.status]).toEqual([endpoint, 200]);
  return res.body.data!.rows;
};
const xlsx = async (lines: (readonly unknown[])[]) => ({
  name: 'live.xlsx',
  type: XLSX_MIME,
  bytes: await xlsxOf(HEADER, lines),
});

const finished = (client: ApiClient, id: number) => finishedRun<Run>(client, id, { tries: 600 });

beforeAll(async () => {
  server = await startTestServer();
  wh = server.server.app.deps.warehouse;
  [demo, rival, analyst] = await signInDemoRivalAnalyst(server);
  const [last] = await wh.query<{ d: string }>(
    `SELECT last_crawl_date AS d FROM crawl_log WHERE group_id = 1 AND crawl_type = 'product'`,
  );
  date = String(last!.d);
  // Amazon listings advertised today, in a city the day's market serves: 3 out of stock, 3 in stock.
  const candidates = await wh.query<Listed>(
    `SELECT l.channel_sku_code AS asin, s.product_id, MIN(s.city_id) AS city_id, '' AS city_name,
            MIN(s.stock_status) AS stock_status
       FROM fact_stock s
       JOIN dim_listing l ON l.group_id = s.group_id AND l.product_id = s.product_id AND l.channel_id = s.channel_id
      WHERE s.group_id = 1 AND s.channel_id = 1 AND s.crawl_date = $1 AND s.stock_status = $2
        AND s.product_id IN (SELECT product_id FROM fact_ad_asin_hourly WHERE group_id = 1 AND channel_id = 1 AND ad_date = $1)
      GROUP BY l.channel_sku_code, s.product_id ORDER BY l.channel_sku_code LIMIT 3`,
    [date, 0],
  );
  const inStock = await wh.query<Listed>(
    `SELECT l.channel_sku_code AS asin, s.product_id, MIN(s.city_id) AS city_id, '' AS city_name,
            MIN(s.stock_status) AS stock_status
       FROM fact_stock s
       JOIN dim_listing l ON l.group_id = s.group_id AND l.product_id = s.product_id AND l.channel_id = s.channel_id
      WHERE s.group_id = 1 AND s.channel_id = 1 AND s.crawl_date = $1 AND s.stock_status = 1
        AND s.product_id IN (SELECT product_id FROM fact_ad_asin_hourly WHERE group_id = 1 AND channel_id = 1 AND ad_date = $1)
      GROUP BY l.channel_sku_code, s.product_id ORDER BY l.channel_sku_code LIMIT 10`,
    [date],
  );
  const cities = new Map(
    (await wh.query<{ city_id: number; city_name: string }>('SELECT city_id, city_name FROM dim_city')).map(
      (c) => [c.city_id, c.city_name],
    ),
  );
  const outOfStock = new Set(candidates.map((c) => c.product_id));
  const others = inStock.filter((l) => !outOfStock.has(l.product_id)).slice(0, 3);
  listed = [...candidates, ...others].map((l) => ({ ...l, city_name: cities.get(l.city_id)! }));
}, 300_000);

afterAll(() => server?.close());

describe('the live-tracking list (tracking/livetracking)', () => {
  it('has the demo listings to track: advertised today, some out of stock', () => {
    expect(listed.filter((l) => l.stock_status === 0)).toHaveLength(3);
    expect(listed).toHaveLength(6);
  });

  it('offers its template and refuses bad files through the pipeline, loading nothing', async () => {
    const count = async () =>
      (
        await wh.query<{ n: number }>(
          'SELECT COUNT(*)::INTEGER AS n FROM setup_live_tracking WHERE group_id = 1',
        )
      )[0]!.n;
    // The demo seeds a list of 12 Amazon listings (demo/liveTrackingList.ts).
    expect(await count()).toBe(12);
    const template = await fetchBuffered(`${server.url}/api/v1/${LIST}/template`, {
      headers: { cookie: demo.cookieHeader() },
    });
    expect(template.status).toBe(200);
    expect((await sheetRows(template))[0]).toEqual(HEADER);

    const [flipkart] = await wh.query<{ code: string }>(
      'SELECT channel_sku_code AS code FROM dim_listing WHERE group_id = 1 AND channel_id = 4 LIMIT 1',
    );
    const [theirs] = await wh.query<{ code: string }>(
      'SELECT channel_sku_code AS code FROM dim_listing WHERE group_id = 2 AND channel_id = 1 LIMIT 1',
    );
    const bad = await uploadFile(
      demo,
      LIST,
      await xlsx([
        ['Amazon', listed[0]!.asin, listed[0]!.city_name],
        ['Amazon', flipkart!.code, listed[0]!.city_name], // a Flipkart code is no Amazon listing
        ['Amazon', theirs!.code, listed[0]!.city_name], // group 2's listing
        ['Amazon', listed[1]!.asin, 'Atlantis'],
      ]),
    );
    expect([bad.status, bad.body.msg]).toEqual([
      400,
      '3 rows have errors; nothing was loaded. Download the error file to see them.',
    ]);
    expect(bad.body.data!.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, column: 'ASIN', message: `Unknown ASIN "${flipkart!.code}".` }),
        expect.objectContaining({ row: 4, column: 'ASIN', message: `Unknown ASIN "${theirs!.code}".` }),
        expect.objectContaining({ row: 5, column: 'City', message: 'Unknown City "Atlantis".' }),
      ]),
    );
    const twice = await uploadFile(
      demo,
      LIST,
      await xlsx([
        ['Amazon', listed[0]!.asin, listed[0]!.city_name],
        ['Amazon', listed[0]!.asin, listed[1]!.city_name],
      ]),
    );
    expect(twice.body.data!.errors).toEqual([
      expect.objectContaining({ row: 3, column: 'Channel / ASIN', message: 'Repeats row 2.' }),
    ]);
    const text = await uploadFile(demo, LIST, {
      name: 'list.txt',
      type: 'text/plain',
      bytes: Buffer.from('x'),
    });
    expect([text.status, text.body.msg]).toEqual([400, 'Invalid File']);
    const header = await uploadFile(demo, LIST, {
      name: 'list.xlsx',
      type: XLSX_MIME,
      bytes: await xlsxOf(['Channel', 'SKU'], [['Amazon', 'x']]),
    });
    expect([header.status, header.body.msg]).toEqual([
      400,
      'The header does not match the template: missing columns ASIN, City.',
    ]);
    expect(await count()).toBe(12);
  });

  it('imports the list in place of the Amazon one, shows it unchecked, and exports it', async () => {
    const loaded = await uploadFile(
      demo,
      LIST,
      await xlsx(listed.map((l) => ['Amazon', l.asin, l.city_name])),
    );
    expect([loaded.status, loaded.body.msg]).toEqual([200, '6 rows loaded.']);
    const grid = await rows(demo, 'tracking/livetracking/rows');
    expect(grid.map((r) => [r.asin, r.city_name, r.last_status]).sort()).toEqual(
      listed.map((l) => [l.asin, l.city_name, 'Not Checked']).sort(),
    );
    const [tiles] = await rows(demo, 'tracking/livetracking/stats');
    expect([tiles!.listings, tiles!.listings_unchecked]).toEqual([6, 6]);

    const exported = await fetchBuffered(`${server.url}/api/v1/${LIST}/data`, {
      headers: { cookie: demo.cookieHeader() },
    });
    const sheet = await sheetRows(exported);
    expect(sheet[0]).toEqual(HEADER);
    expect(sheet.slice(1).sort()).toEqual(listed.map((l) => ['Amazon', l.asin, l.city_name]).sort());
  });
});

describe('advertising/live_tracking before any live check', () => {
  it("reads each hour by the day's crawl of the listing in its city: spend while out of stock is not 0", async () => {
    const day = { start_date: date, end_date: date };
    const [tiles] = await rows(demo, 'ams/livetracking/stats', day);
    const out = listed.filter((l) => l.stock_status === 0).map((l) => l.product_id);
    const [raw] = await wh.query<{ spend: number; clicks: number }>(
      `SELECT SUM(spend) AS spend, SUM(clicks) AS clicks FROM fact_ad_asin_hourly
        WHERE group_id = 1 AND channel_id = 1 AND ad_date = $1 AND product_id IN (${out.join(', ')})`,
      [date],
    );
    expect(raw!.spend).toBeGreaterThan(0);
    expect(Math.abs(Number(tiles!.oos_live_spend) - raw!.spend)).toBeLessThan(0.01);
    expect(Number(tiles!.oos_live_clicks)).toBe(Number(raw!.clicks));
    expect(tiles!.oos_listings).toBe(3);
    // No live check yet: every hour's status comes from the crawl, and all of it is unchecked spend.
    const grid = await rows(demo, 'ams/livetracking/listings', day);
    expect(grid.map((r) => r.live_check_time)).toEqual(grid.map(() => null));
    const unchecked = grid.reduce((a, r) => a + Number(r.unchecked_spend), 0);
    expect(Math.abs(unchecked - Number(tiles!.spend))).toBeLessThan(0.01);
  });
});

describe('a live crawl (crawl type 5)', () => {
  let run: Run;

  it('checks exactly the listed pages and stores what the market shows, hour by hour', async () => {
    const started = await demo.post<Run>('processmonitor/crawl/trigger', { channel_id: 1, crawl_type: 5 });
    expect([started.body.msg, started.body.data?.crawl_type]).toEqual(['Crawl initiated', 5]);
    run = await finished(demo, started.body.data!.id);
    expect([run.status_name, run.crawl_type, run.pages_total, run.pages_ok, run.rows_loaded]).toEqual([
      'Success',
      5,
      6,
      6,
      6,
    ]);
    expect(run.message).toMatch(/^Live check at \d\d:\d\d IST$/);

    const truth = await loadMarketDay(wh, 1, 1, date);
    const own = new Set(
      (
        await wh.query<{ name: string }>(
          'SELECT seller_name AS name FROM dim_seller WHERE group_id = 1 AND channel_id = 1 AND is_auth = 1',
        )
      ).map((s) => s.name),
    );
    const observed = await wh.query<Row>(
      `SELECT product_id, city_id, check_date, check_hour, stock_status, selling_price, buy_box_own, run_id
         FROM fact_live_check WHERE group_id = 1 ORDER BY product_id`,
    );
    expect(observed).toHaveLength(6);
    const hour = Number(run.message.slice(14, 16));
    for (const l of listed) {
      const listing = truth.listings.get(l.asin)!;
      const shelf = listing.cities.get(l.city_id)!;
      const seller = listing.buyBoxSeller;
      expect(observed.find((o) => o.product_id === l.product_id)).toEqual({
        product_id: l.product_id,
        city_id: l.city_id,
        check_date: date,
        check_hour: hour,
        stock_status: shelf.stockStatus,
        selling_price: shelf.stockStatus === 2 ? null : shelf.sellingPrice,
        buy_box_own: seller === null ? null : own.has(seller) ? 1 : 0,
        run_id: run.id,
      });
    }
    expect(observed.some((o) => o.buy_box_own !== null)).toBe(true);

    const grid = await rows(demo, 'tracking/livetracking/rows');
    const [tiles] = await rows(demo, 'tracking/livetracking/stats');
    expect([tiles!.listings_unchecked, tiles!.listings_out_of_stock, tiles!.checks]).toEqual([0, 3, 6]);
    expect(grid.filter((r) => r.last_status === 'Out Of Stock')).toHaveLength(3);
  });

  it('a second check in the same hour replaces the first', async () => {
    const again = await demo.post<Run>('processmonitor/crawl/trigger', { channel_id: 1, crawl_type: 5 });
    const second = await finished(demo, again.body.data!.id);
    expect(second.status_name).toBe('Success');
    const [count] = await wh.query<{ n: number; runs: number }>(
      'SELECT COUNT(*)::INTEGER AS n, MAX(run_id)::INTEGER AS runs FROM fact_live_check WHERE group_id = 1',
    );
    // Unless the hour turned between the two runs, each listing keeps one row.
    if (second.message.slice(14, 16) === run.message.slice(14, 16))
      expect([count!.n, count!.runs]).toEqual([6, second.id]);
    else expect(count!.n).toBe(12);
  });

  it('advertising/live_tracking: tiles equal the grid, spend while out of stock is the raw hours after the check', async () => {
    const day = { start_date: date, end_date: date };
    const [tiles] = await rows(demo, 'ams/livetracking/stats', day);
    const grid = await rows(demo, 'ams/livetracking/listings', day);
    expect(grid).toHaveLength(6);
    const sum = (f: string) => grid.reduce((a, r) => a + Number(r[f]), 0);
    for (const f of ['spend', 'oos_live_spend', 'clicks', 'oos_live_clicks'])
      expect([f, Math.abs(Number(tiles![f]) - sum(f)) < 0.01]).toEqual([f, true]);
    expect(tiles!.oos_listings).toBe(3);

    // After the check its status; before it the day's crawl of the listing in its city.
    const [raw] = await wh.query<{ spend: number; oos: number }>(
      `SELECT SUM(a.spend) AS spend,
              SUM(CASE WHEN (a.ad_hour >= c.first_hour AND c.stock_status IN (0, 2))
                          OR (a.ad_hour < c.first_hour AND s.stock_status IN (0, 2)) THEN a.spend ELSE 0 END) AS oos
         FROM fact_ad_asin_hourly a
         JOIN (SELECT product_id, city_id, MIN(check_hour) AS first_hour, MIN(stock_status) AS stock_status
                 FROM fact_live_check WHERE group_id = 1 AND check_date = $1 GROUP BY product_id, city_id) c
           ON c.product_id = a.product_id
         LEFT JOIN fact_stock s ON s.group_id = 1 AND s.channel_id = 1 AND s.product_id = c.product_id
          AND s.city_id = c.city_id AND s.crawl_date = a.ad_date
        WHERE a.group_id = 1 AND a.channel_id = 1 AND a.ad_date = $1`,
      [date],
    );
    expect(Math.abs(Number(tiles!.spend) - raw!.spend)).toBeLessThan(0.01);
    expect(Math.abs(Number(tiles!.oos_live_spend) - raw!.oos)).toBeLessThan(0.01);
    for (const l of listed) {
      const row = grid.find((r) => r.asin === l.asin)!;
      expect(row.live_status).toBe(l.stock_status === 0 ? 'Out Of Stock' : 'In Stock');
    }
    // The drill-down: the same screen's grid under the tile's filter holds exactly the tile's spend.
    const drilled = await rows(demo, 'ams/livetracking/listings', { ...day, oos_at_hour: 1 });
    const drilledSpend = drilled.reduce((a, r) => a + Number(r.spend), 0);
    expect(Math.abs(drilledSpend - Number(tiles!.oos_live_spend))).toBeLessThan(0.01);
  });
});

describe('an hourly live timing (settings/crawltimings)', () => {
  it('schedules crawl type 5 on pg-boss and its Run Now checks the list', async () => {
    expect(
      (await demo.post('crawl/timings', { channel_id: 1, cron: '0 * * * *', crawl_type: 7 })).status,
    ).toBe(400);
    const made = await demo.post<{ id: number; crawl_type: number }>('crawl/timings', {
      channel_id: 1,
      cron: '0 * * * *',
      crawl_type: 5,
    });
    expect([made.body.msg, made.body.data!.crawl_type]).toEqual(['Crawl Timing Added Successfully', 5]);
    // The same cron as a Scheduled (day) crawl is another timing.
    const day = await demo.post<{ id: number }>('crawl/timings', { channel_id: 1, cron: '0 * * * *' });
    expect(day.status).toBe(200);
    const schedules = await server.server.app.deps.jobs!.boss.getSchedules('crawl-schedule');
    expect(schedules.map((x) => [x.cron, x.data]).sort()).toEqual(
      [
        ['0 * * * *', { timingId: made.body.data!.id }],
        ['0 * * * *', { timingId: day.body.data!.id }],
      ].sort(),
    );
    const started = await demo.post<{ run_id: number }>('crawl/timings/run', { id: made.body.data!.id });
    const run = await finished(demo, started.body.data!.run_id);
    expect([run.crawl_type, run.status_name, run.pages_total]).toEqual([5, 'Success', 6]);
    for (const id of [made.body.data!.id, day.body.data!.id]) await demo.post('crawl/timings/delete', { id });
  });
});

describe('isolation and permissions', () => {
  it('another group sees none of it, and its live crawl checks only its own list', async () => {
    const ours = new Set(listed.map((l) => l.asin));
    const theirList = await rows(rival, 'tracking/livetracking/rows');
    expect(theirList).toHaveLength(12); // its seeded list, untouched by group 1's import
    expect(theirList.filter((r) => ours.has(String(r.asin)))).toEqual([]);
    expect(theirList.every((r) => r.last_status === 'Not Checked')).toBe(true);
    const theirAds = await rows(rival, 'ams/livetracking/listings', { start_date: date, end_date: date });
    expect(theirAds.filter((r) => ours.has(String(r.asin)))).toEqual([]);
    // No live check of theirs yet: each row reads its day's crawl, with no check time.
    expect(theirAds.every((r) => r.live_check_time === null)).toBe(true);

    const started = await rival.post<Run>('processmonitor/crawl/trigger', { channel_id: 1, crawl_type: 5 });
    const run = await finished(rival, started.body.data!.id);
    expect([run.status_name, run.pages_total]).toEqual(['Success', 12]);
    const [mixed] = await wh.query<{ n: number }>(
      `SELECT COUNT(*)::INTEGER AS n FROM fact_live_check c
        WHERE c.group_id = 2 AND NOT EXISTS (SELECT 1 FROM setup_live_tracking t
          WHERE t.group_id = 2 AND t.product_id = c.product_id AND t.city_id = c.city_id)`,
    );
    expect(mixed!.n).toBe(0);
    expect((await rows(demo, 'tracking/livetracking/rows')).map((r) => r.asin).sort()).toEqual(
      [...ours].sort(),
    );
  });

  it('the analyst reads advertising/live_tracking but not the admin list', async () => {
    expect((await analyst.get('tracking/livetracking/rows')).status).toBe(403);
    expect(
      (await uploadFile(analyst, LIST, await xlsx([['Amazon', listed[0]!.asin, 'Mumbai']]))).status,
    ).toBe(403);
    expect(
      (await analyst.post('processmonitor/crawl/trigger', { channel_id: 1, crawl_type: 5 })).status,
    ).toBe(403);
    const res = await analyst.get<{ rows: Row[] }>('ams/livetracking/stats', {
      start_date: date,
      end_date: date,
    });
    expect(res.status).toBe(200);
  });
});
