/**
 * A crawl that is not fooled: on a fixture day where 10% of product pages sit behind a bot wall
 * (captcha, 403/503 challenge, emptied block; half of them let a second session through) and 5%
 * are soft 404s, with one channel's product block rendered by script (Chromium), every page not
 * blocked loads exactly the market's truth for its city, every page behind a wall for every
 * session is logged Blocked and becomes no row, and the day's coverage per city counts them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer.js';
import { signIn } from './support/signIn.js';
import type { ApiClient } from './support/apiClient.js';
import { finishedRun } from './support/crawlRunPoll.js';
import { factDay, maskSwings } from '../../src/server/features/crawl/crawlTruth.js';
import type { CrawlTables } from '../../src/server/features/crawl/crawlTables.js';
import { pageFate, type MarketOptions } from '../../src/server/demo/fixtureMarket/marketMechanics.js';

const MARKET: MarketOptions = { seed: 42, wallPct: 10, soft404Pct: 5 };

let server: TestServer;
let demo: ApiClient;

interface Run {
  id: number;
  status: number;
  status_name: string;
  pages_total: number;
  pages_ok: number;
  pages_failed: number;
  pages_blocked: number;
  crawl_date: string;
  message: string;
}
type Row = Record<string, unknown>;

beforeAll(async () => {
  server = await startTestServer({
    DEMO_MARKET_WALLS_PCT: String(MARKET.wallPct),
    DEMO_MARKET_SOFT404_PCT: String(MARKET.soft404Pct),
    DEMO_SEED: String(MARKET.seed),
  });
  demo = await signIn(server);
}, 180_000);

afterAll(() => server?.close());

const pageKey = (r: Row) => `${String(r.product_id)}/${String(r.city_id)}`;

/**
 * Narrows a channel's day to some of its listing-city pages (what a channel tracks is what its
 * latest day holds): a browser renders a page in tens of milliseconds (seconds on a loaded
 * machine), plain HTTP in one. `keep` are `product_id/city_id` keys.
 */
async function trackOnly(channelId: number, date: string, keep: readonly string[]): Promise<void> {
  const wh = server.server.app.deps.warehouse;
  const kept = keep.map((k) => {
    const [product, city] = k.split('/').map(Number);
    return product! * 1000 + city!;
  });
  for (const table of ['fact_price', 'fact_stock'])
    await wh.query(
      `DELETE FROM ${table} WHERE group_id = 1 AND channel_id = $1 AND crawl_date = $2
          AND product_id * 1000 + city_id NOT IN (${kept.join(', ')})`,
      [channelId, date],
    );
}

/** A few pages of each fate: walls that hold, walls a second session passes, soft 404s, plain pages. */
function sampleOfEachFate(rows: readonly Row[], fate: (r: Row) => ReturnType<typeof pageFate>): string[] {
  const take = (test: (f: ReturnType<typeof pageFate>) => boolean, n: number) =>
    rows
      .filter((r) => test(fate(r)))
      .slice(0, n)
      .map(pageKey);
  return [
    ...take((f) => f.wall?.hard === true, 4),
    ...take((f) => f.wall?.hard === false, 3),
    ...take((f) => !f.wall && f.soft404, 2),
    ...take((f) => !f.wall && !f.soft404, 12),
  ];
}

describe.each([
  { channelId: 1, how: 'web, city by location cookie', sample: false },
  { channelId: 61, how: 'app, city by location token header', sample: false },
  { channelId: 4, how: 'web, product block rendered by script (headless Chromium)', sample: true },
])('a walled fixture day of channel $channelId ($how)', ({ channelId, sample }) => {
  it('loads the market truth for every page not blocked, and no blocked page becomes a row', async () => {
    const wh = server.server.app.deps.warehouse;
    const db = server.server.app.deps.store.db.withTables<CrawlTables>();
    const [{ d: date } = { d: '' }] = await wh.query<{ d: string }>(
      `SELECT CAST(last_crawl_date AS VARCHAR) AS d FROM crawl_log WHERE group_id = 1 AND crawl_type = 'product'`,
    );
    const key = { groupId: 1, channelId, date: String(date).slice(0, 10) };
    const skus = new Map(
      (
        await wh.query<{ product_id: number; sku: string }>(
          'SELECT product_id, channel_sku_code AS sku FROM dim_listing WHERE group_id = 1 AND channel_id = $1',
          [channelId],
        )
      ).map((l) => [Number(l.product_id), l.sku]),
    );
    const fate = (r: Row) => pageFate(MARKET, channelId, skus.get(Number(r.product_id))!, Number(r.city_id));
    if (sample)
      await trackOnly(channelId, key.date, sampleOfEachFate(await factDay(wh, 'fact_stock', key), fate));
    const truthStock = await factDay(wh, 'fact_stock', key);
    const truthPrice = await factDay(wh, 'fact_price', key);
    const hardWalled = new Set(truthStock.filter((r) => fate(r).wall?.hard).map(pageKey));
    const soft404 = new Set(truthStock.filter((r) => !fate(r).wall?.hard && fate(r).soft404).map(pageKey));
    const passedWall = truthStock.filter((r) => fate(r).wall && !fate(r).wall!.hard).length;
    expect(hardWalled.size).toBeGreaterThan(0);
    expect(passedWall).toBeGreaterThan(0);

    const started = await demo.post<Run>('processmonitor/crawl/trigger', {
      channel_id: channelId,
      crawl_date: key.date,
    });
    const run = await finishedRun<Run>(demo, started.body.data!.id);

    // The page log: Blocked exactly where every session met the wall; soft 404s are not walls.
    const log = await db
      .selectFrom('crawl_page_log')
      .select(['product_id', 'city_id', 'reason', 'blocked', 'session_id', 'attempts'])
      .where('run_id', '=', run.id)
      .execute();
    expect(log).toHaveLength(truthStock.length);
    const blocked = new Set(log.filter((l) => l.blocked).map(pageKey));
    expect([...blocked].sort()).toEqual([...hardWalled].sort());
    expect(log.filter((l) => l.blocked).every((l) => String(l.reason).startsWith('Blocked: '))).toBe(true);
    expect(new Set(log.filter((l) => l.reason === 'product unavailable (soft 404)').map(pageKey))).toEqual(
      soft404,
    );
    expect(log.filter((l) => l.reason !== null && !l.blocked && !soft404.has(pageKey(l)))).toEqual([]);
    expect([run.status_name, run.pages_blocked, run.pages_failed]).toEqual([
      'Blocked',
      hardWalled.size,
      hardWalled.size + soft404.size,
    ]);
    expect(run.message).toBe(
      `${hardWalled.size} of ${run.pages_total} pages blocked, ${soft404.size} failed`,
    );

    // The rows: the truth of every loaded page, none for a blocked page or a soft 404.
    const loaded = (r: Row) => !hardWalled.has(pageKey(r)) && !soft404.has(pageKey(r));
    const crawledStock = await factDay(wh, 'fact_stock', key);
    expect(crawledStock).toEqual(truthStock.filter(loaded));
    const expectedPrice = truthPrice.filter(loaded);
    const crawledPrice = await factDay(wh, 'fact_price', key);
    expect(maskSwings(expectedPrice, crawledPrice)).toEqual(maskSwings(expectedPrice, expectedPrice));

    // Coverage per city: what the KPIs' confidence reads.
    const coverage = await wh.query<Row>(
      `SELECT city_id, pages, loaded, blocked, failed FROM crawl_coverage
        WHERE group_id = 1 AND channel_id = $1 AND crawl_date = $2 ORDER BY city_id`,
      [channelId, key.date],
    );
    const cities = [...new Set(truthStock.map((r) => Number(r.city_id)))].sort((a, b) => a - b);
    expect(coverage.map((c) => Object.values(c).map(Number))).toEqual(
      cities.map((city) => {
        const of = truthStock.filter((r) => Number(r.city_id) === city);
        const b = of.filter((r) => hardWalled.has(pageKey(r))).length;
        const s = of.filter((r) => soft404.has(pageKey(r))).length;
        return [city, of.length, of.length - b - s, b, s];
      }),
    );
  }, 120_000);
});

describe('the Crawling Logs screen after the walled days', () => {
  type Page<T> = { rows: T[]; total: number };
  it('shows Blocked pages with their session, coverage per channel and city, and the sessions', async () => {
    const blocked = await demo.get<Page<{ outcome: string; session_id: string; reason: string }>>(
      'rows/processmonitor/initiate_crawling_logs/crawlPage',
      { limit: 500 },
    );
    const walls = blocked.body.data!.rows.filter((r) => r.outcome === 'Blocked');
    expect(walls.length).toBeGreaterThan(0);
    expect(walls.every((r) => r.reason.startsWith('Blocked: ') && /^c\d+-\d+$/.test(r.session_id))).toBe(
      true,
    );

    const coverage = (
      await demo.get<
        Page<{
          channel_name: string;
          pages: number;
          loaded: number;
          blocked: number;
          failed: number;
          coverage: number;
        }>
      >('processmonitor/crawl/coverage/rows', { limit: 500 })
    ).body.data!;
    expect(new Set(coverage.rows.map((r) => r.channel_name))).toEqual(
      new Set(['Amazon', 'Flipkart', 'Blinkit']),
    );
    const db = server.server.app.deps.store.db.withTables<CrawlTables>();
    const runs = await db
      .selectFrom('crawl_runs')
      .select(['pages_total', 'pages_blocked'])
      .where('group_id', '=', 1)
      .execute();
    const sum = (k: 'pages' | 'blocked') => coverage.rows.reduce((n, r) => n + r[k], 0);
    expect([sum('pages'), sum('blocked')]).toEqual([
      runs.reduce((n, r) => n + r.pages_total, 0),
      runs.reduce((n, r) => n + r.pages_blocked, 0),
    ]);
    for (const r of coverage.rows) expect(r.loaded + r.blocked + r.failed).toBe(r.pages);

    const sessions = (
      await demo.get<Page<{ session_id: string; pages: number; blocked: number }>>(
        'processmonitor/crawl/sessions/rows',
        { limit: 500 },
      )
    ).body.data!.rows;
    expect(sessions.reduce((n, s) => n + s.pages, 0)).toBe(runs.reduce((n, r) => n + r.pages_total, 0));
    expect(sessions.filter((s) => s.blocked > 0).length).toBeGreaterThan(0);

    const rival = await signIn(server, 'rival@shelfscope.test');
    expect((await rival.get<Page<unknown>>('processmonitor/crawl/coverage/rows')).body.data!.total).toBe(0);
    const analyst = await signIn(server, 'analyst@shelfscope.test');
    expect((await analyst.get('processmonitor/crawl/sessions/rows')).status).toBe(403);
  });
});
