/**
 * The process monitor's triggers Search (1) and Display (2) crawl the fixture
 * marketplace's listing pages (a keyword's search results, a category's listing; HTML for web
 * channels, JSON for app channels), extract each result through the channel's listing schema and
 * load the day's fact_search / fact_category_rank in one transaction: the crawled day equals the
 * generator's truth field by field. A schema that reads no listing code fails every page with its
 * reason and leaves the day as it was. A run after one with failed pages fetches exactly those again.
 * A Display run also crawls the day's bestseller lists (their own schema) and replaces the day's
 * fact_bestseller in the same transaction: equal to the generator's day, a failed page loads nothing.
 * A list ranks the listings the group does not track too: their entries are skipped, and a page of
 * only theirs loads nothing without failing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer.js';
import { signInDemoRivalAnalyst } from './support/signIn.js';
import type { ApiClient } from './support/apiClient.js';
import { finishedRun } from './support/crawlRunPoll.js';
import { factDay } from '../../src/server/features/crawl/crawlTruth.js';
import { listingVariety } from '../../src/server/demo/fixtureMarket/renderListingPages.js';
import { bestsellerPageVariety } from '../../src/server/demo/fixtureMarket/renderBestsellerPages.js';

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;
let analyst: ApiClient;

interface Run {
  id: number;
  status: number;
  status_name: string;
  trigger_type: number;
  trigger_name: string;
  pages_total: number;
  pages_ok: number;
  pages_failed: number;
  rows_loaded: number;
  crawl_date: string;
  message: string;
}
interface Schema {
  id: number;
  name: string;
  crawl_type: number;
  schema_json: string;
}

/** Saves `json` as the demo group's model schema `schema` (name and crawl type kept). */
function saveSchema(schema: Schema, json: string) {
  return demo.put('modelschemas/update', {
    id: schema.id,
    name: schema.name,
    crawl_type: schema.crawl_type,
    schema: json,
  });
}
interface LoggedPage {
  url: string;
  http_status: number | null;
  attempts: number;
  reason: string | null;
  listing_id: number | null;
  listing_page: number | null;
  listing_kind: string | null;
}

beforeAll(async () => {
  server = await startTestServer();
  [demo, rival, analyst] = await signInDemoRivalAnalyst(server);
}, 300_000);

afterAll(() => server?.close());

async function crawl(
  client: ApiClient,
  body: { channel_id: number; trigger_type: number; crawl_date?: string },
): Promise<Run> {
  const started = await client.post<Run>('processmonitor/crawl/trigger', body);
  expect([started.status, started.body.msg, started.body.data?.status]).toEqual([200, 'Crawl initiated', 5]);
  return finishedRun<Run>(client, started.body.data!.id);
}

const TABLE = { 1: 'fact_search', 2: 'fact_category_rank' } as const;

describe('Search (1) and Display (2) crawls of the fixture marketplace', () => {
  for (const [trigger, channelId, what] of [
    [1, 1, 'Amazon search result pages (HTML)'],
    [1, 61, 'Blinkit search answers (JSON)'],
    // Zepto's answers page only by infinite scroll: its profile follows next_cursor (cursorPaging.ts).
    [1, 62, 'Zepto search answers, scrolled by cursor (JSON)'],
    [2, 4, 'Flipkart category listings (HTML)'],
    [2, 49, 'Big Basket category answers (JSON)'],
  ] as const) {
    it(`loads ${what} equal to the generator's day, field by field`, async () => {
      const wh = server.server.app.deps.warehouse;
      const [last] = await wh.query<{ d: string }>(
        `SELECT CAST(max(crawl_date) AS VARCHAR) AS d FROM ${TABLE[trigger]} WHERE group_id = 1 AND channel_id = $1`,
        [channelId],
      );
      const key = { groupId: 1, channelId, date: last!.d.slice(0, 10) };
      // The warehouse holds the generator's day until a crawl replaces it: that day is the truth.
      const truth = await factDay(wh, TABLE[trigger], key);
      expect(truth.length).toBeGreaterThan(40);

      const run = await crawl(demo, { channel_id: channelId, trigger_type: trigger, crawl_date: key.date });
      expect([run.status_name, run.trigger_type, run.trigger_name, run.message]).toEqual([
        'Success',
        trigger,
        trigger === 1 ? 'Search' : 'Display',
        '',
      ]);
      expect([run.pages_ok, run.pages_failed, run.rows_loaded]).toEqual([run.pages_total, 0, truth.length]);
      expect(await factDay(wh, TABLE[trigger], key)).toEqual(truth);
      // Sponsored and organic results, several pages (a keyword or category each).
      expect(new Set(truth.map((r) => r.slot_type))).toEqual(new Set(['organic', 'sponsored']));
      expect(run.pages_total).toBeGreaterThan(3);

      const logs = await demo.get<{ pages: LoggedPage[] }>('processmonitor/crawl/logs', {
        run_id: run.id,
        limit: 500,
      });
      const pages = logs.body.data!.pages;
      expect(pages).toHaveLength(run.pages_total);
      expect(pages.every((p) => p.http_status === 200 && p.reason === null)).toBe(true);
      const path =
        trigger === 1 ? (channelId === 1 ? '/web/1/s?k=' : `/app/${channelId}/v1/search?q=`) : null;
      if (path) expect(pages.every((p) => p.url.includes(path))).toBe(true);
      // Zepto's profile scrolls: each keyword from its first answer, never by ?page= (its test-day
      // keywords fit one page; crawlPages.test.ts follows cursors over several).
      if (channelId === 62) expect(pages.some((p) => p.url.includes('page='))).toBe(false);
      // The market's rate limit (429 once, then Retry-After) was met and retried on some pages.
      expect(pages.some((p) => p.attempts > 1)).toBe(true);
    }, 180_000);
  }

  it('a listing schema that reads no listing code fails every page with its reason and keeps the day', async () => {
    const wh = server.server.app.deps.warehouse;
    const schemas = (await demo.get<Schema[]>('modelschemas/list')).body.data!;
    const listing = schemas.find((s) => s.name === 'Listing answer (app)')!;
    const save = (json: string) => saveSchema(listing, json);
    const first = await crawl(demo, { channel_id: 62, trigger_type: 1 });
    expect(first.status_name).toBe('Success');
    const key = { groupId: 1, channelId: 62, date: first.crawl_date };
    const before = await factDay(wh, 'fact_search', key);
    expect(before.length).toBe(first.rows_loaded);

    const broken = JSON.parse(listing.schema_json) as { dataModel: { name: string; source: string }[] };
    for (const e of broken.dataModel) if (e.name === 'sku') e.source = '$..asin';
    expect((await save(JSON.stringify(broken))).body.msg).toBe('Schema Updated Successfully !');
    const failed = await crawl(demo, { channel_id: 62, trigger_type: 1 });
    expect([failed.status_name, failed.pages_failed, failed.rows_loaded]).toEqual([
      'No Data',
      failed.pages_total,
      0,
    ]);
    const logs = await demo.get<{ pages: LoggedPage[] }>('processmonitor/crawl/logs', {
      run_id: failed.id,
      limit: 3,
    });
    expect(logs.body.data!.pages.map((p) => p.reason)).toEqual([
      'result 1: listing code missing',
      'result 1: listing code missing',
      'result 1: listing code missing',
    ]);
    expect(await factDay(wh, 'fact_search', key)).toEqual(before);
    expect((await save(listing.schema_json)).body.msg).toBe('Schema Updated Successfully !');
  }, 180_000);

  it("the day's next run fetches again exactly the listing pages that failed, and loads only theirs", async () => {
    const wh = server.server.app.deps.warehouse;
    const listing = (await demo.get<Schema[]>('modelschemas/list')).body.data!.find(
      (s) => s.name === 'Listing page (web)',
    )!;
    const save = (json: string) => saveSchema(listing, json);
    const logOf = async (run: Run) =>
      (await demo.get<{ pages: LoggedPage[] }>('processmonitor/crawl/logs', { run_id: run.id, limit: 500 }))
        .body.data!.pages;
    // Flipkart's category day (crawled above, equal to the generator's): the truth.
    const first = await crawl(demo, { channel_id: 4, trigger_type: 2 });
    expect(first.status_name).toBe('Success');
    const key = { groupId: 1, channelId: 4, date: first.crawl_date };
    const truth = await factDay(wh, 'fact_category_rank', key);
    expect(truth.length).toBe(first.rows_loaded);

    // A schema that knows only the classic layout: the redesigned listings' pages find no result.
    const classic = JSON.parse(listing.schema_json) as { items: string };
    classic.items = '[data-component-type="s-search-result"]';
    expect((await save(JSON.stringify(classic))).body.msg).toBe('Schema Updated Successfully !');
    const partial = await crawl(demo, { channel_id: 4, trigger_type: 2 });
    expect(partial.status_name).toBe('Mismatch');
    expect(partial.pages_total).toBe(first.pages_total);
    expect(partial.pages_failed).toBeGreaterThan(0);
    expect(partial.pages_failed).toBeLessThan(partial.pages_total);
    const failedUrls = (await logOf(partial)).filter((p) => p.reason !== null).map((p) => p.url);
    expect(failedUrls).toHaveLength(partial.pages_failed);
    expect((await logOf(partial)).find((p) => p.reason !== null)!.reason).toBe('no results on the page');
    const gappy = await factDay(wh, 'fact_category_rank', key);
    expect(gappy.length).toBe(partial.rows_loaded);

    // Put right, the next run of the day fetches those pages only (not one that loaded), says so,
    // and adds their rows to the day: the day equals the generator's again.
    expect((await save(listing.schema_json)).body.msg).toBe('Schema Updated Successfully !');
    const retry = await crawl(demo, { channel_id: 4, trigger_type: 2 });
    expect([retry.status_name, retry.pages_total, retry.pages_failed]).toEqual([
      'Success',
      failedUrls.length,
      0,
    ]);
    expect(retry.message).toBe(`Retried the ${failedUrls.length} pages that failed in run ${partial.id}`);
    expect((await logOf(retry)).map((p) => p.url).sort()).toEqual([...failedUrls].sort());
    expect(retry.rows_loaded).toBe(truth.length - gappy.length);
    expect(await factDay(wh, 'fact_category_rank', key)).toEqual(truth);

    // Nothing failed in the retry: the run after it crawls the whole day again.
    const full = await crawl(demo, { channel_id: 4, trigger_type: 2 });
    expect([full.status_name, full.pages_total, full.message]).toEqual(['Success', first.pages_total, '']);
    expect(await factDay(wh, 'fact_category_rank', key)).toEqual(truth);
  }, 180_000);

  it("keeps one group's listing crawls away from another, refuses bad triggers and the analyst", async () => {
    const theirs = await crawl(rival, { channel_id: 61, trigger_type: 2 });
    expect(theirs.status_name).toBe('Success');
    const mine = (await demo.get<Run[]>('processmonitor/process_status', { limit: 50 })).body.data!;
    expect(mine.map((r) => r.id)).not.toContain(theirs.id);
    expect((await demo.get('processmonitor/crawl/logs', { run_id: theirs.id })).status).toBe(404);
    const [rows] = await server.server.app.deps.warehouse.query<{ n: number }>(
      `SELECT COUNT(*)::INTEGER AS n FROM fact_category_rank WHERE group_id = 2 AND channel_id = 61 AND crawl_date = $1`,
      [theirs.crawl_date],
    );
    expect(rows!.n).toBe(theirs.rows_loaded);

    expect((await demo.post('processmonitor/crawl/trigger', { channel_id: 1, trigger_type: 3 })).status).toBe(
      400,
    );
    const live = await demo.post('processmonitor/crawl/trigger', {
      channel_id: 1,
      crawl_type: 5,
      trigger_type: 1,
    });
    expect([live.status, live.body.msg]).toEqual([
      400,
      'A Live Tracking crawl checks product pages: choose the Product Pages trigger',
    ]);
    expect(
      (await analyst.post('processmonitor/crawl/trigger', { channel_id: 1, trigger_type: 1 })).status,
    ).toBe(403);
  }, 180_000);
});

/** The group's latest day with bestseller lists on the channel (the generator's day before its last). */
async function bestsellerDay(groupId: number, channelId: number) {
  const [last] = await server.server.app.deps.warehouse.query<{ d: string }>(
    `SELECT CAST(max(crawl_date) AS VARCHAR) AS d FROM fact_bestseller WHERE group_id = $1 AND channel_id = $2`,
    [groupId, channelId],
  );
  return { groupId, channelId, date: last!.d.slice(0, 10) };
}

async function logOf(client: ApiClient, run: Run): Promise<LoggedPage[]> {
  return (
    await client.get<{ pages: LoggedPage[] }>('processmonitor/crawl/logs', { run_id: run.id, limit: 500 })
  ).body.data!.pages;
}

describe("A Display (2) crawl's bestseller lists", () => {
  it("loads Flipkart's (HTML) and Big Basket's (JSON) bestseller day equal to the generator's, field by field, with the category listings", async () => {
    const wh = server.server.app.deps.warehouse;
    const retried: boolean[] = [];
    const layouts = new Set<boolean>();
    for (const [channelId, platform, path] of [
      [4, 'web', '/web/4/gp/bestsellers/'],
      [49, 'app', '/app/49/v1/categories/'],
    ] as const) {
      const key = await bestsellerDay(1, channelId);
      const truth = await factDay(wh, 'fact_bestseller', key);
      const ranks = await factDay(wh, 'fact_category_rank', key);
      expect(truth.length).toBeGreaterThan(20);

      const run = await crawl(demo, { channel_id: channelId, trigger_type: 2, crawl_date: key.date });
      expect([run.status_name, run.pages_failed, run.message]).toEqual(['Success', 0, '']);
      expect(run.rows_loaded).toBe(truth.length + ranks.length);
      expect(await factDay(wh, 'fact_bestseller', key)).toEqual(truth);
      expect(await factDay(wh, 'fact_category_rank', key)).toEqual(ranks);

      const pages = (await logOf(demo, run)).filter((p) => p.listing_kind === 'bestseller');
      // One page per 25 ranks of each category's list, every one loaded from the channel's own pages.
      const lists = new Map<number, number>();
      for (const r of truth)
        lists.set(
          Number(r.category_id),
          Math.max(lists.get(Number(r.category_id)) ?? 0, Number(r.bestseller_rank)),
        );
      expect(pages).toHaveLength([...lists.values()].reduce((n, last) => n + Math.ceil(last / 25), 0));
      // Each page shows 25 ranks, the untracked listings' among the group's: fewer rows than entries.
      expect(truth.length).toBeLessThan(pages.length * 25);
      expect(pages.every((p) => p.url.includes(path) && p.http_status === 200 && p.reason === null)).toBe(
        true,
      );
      for (const p of pages) {
        layouts.add(listingVariety(`${platform}/${channelId}/bestseller:${p.listing_id}`).newLayout);
        if (bestsellerPageVariety(String(p.listing_id), p.listing_page!).rateLimitFirst)
          retried.push(p.attempts > 1);
      }
    }
    // Both page layouts were read, and every page that answered 429 first was fetched again.
    expect([...layouts].sort()).toEqual([false, true]);
    expect(retried.length).toBeGreaterThan(0);
    expect(retried.every(Boolean)).toBe(true);
  }, 180_000);

  it("reads a list whose first page holds none of the group's listings: that page loads nothing and fails nothing", async () => {
    const wh = server.server.app.deps.warehouse;
    // The latest such list of the group on a web and an app channel (other sellers' listings hold
    // ranks 1-25; the crawl skips their entries, bestsellerRows.ts).
    for (const channelId of [4, 62]) {
      const [list] = await wh.query<{ d: string; category_id: number }>(
        `SELECT CAST(crawl_date AS VARCHAR) AS d, category_id FROM fact_bestseller
          WHERE group_id = 1 AND channel_id = $1 GROUP BY crawl_date, category_id
         HAVING MIN(bestseller_rank) > 25 ORDER BY crawl_date DESC, category_id LIMIT 1`,
        [channelId],
      );
      expect(list, `channel ${channelId}`).toBeDefined();
      const key = { groupId: 1, channelId, date: list!.d.slice(0, 10) };
      const truth = await factDay(wh, 'fact_bestseller', key);
      const ranks = await factDay(wh, 'fact_category_rank', key);

      const run = await crawl(demo, { channel_id: channelId, trigger_type: 2, crawl_date: key.date });
      expect([run.status_name, run.pages_failed, run.rows_loaded]).toEqual([
        'Success',
        0,
        truth.length + ranks.length,
      ]);
      expect(await factDay(wh, 'fact_bestseller', key)).toEqual(truth);
      const first = (await logOf(demo, run)).filter(
        (p) => p.listing_kind === 'bestseller' && p.listing_id === Number(list!.category_id),
      );
      expect(first.map((p) => [p.listing_page, p.http_status, p.reason])).toEqual([
        [1, 200, null],
        [2, 200, null],
      ]);
    }
  }, 180_000);

  it('a bestseller schema that reads no rank loads none of the lists and keeps the day; put right, the next run fetches exactly those pages', async () => {
    const wh = server.server.app.deps.warehouse;
    const schema = (await demo.get<Schema[]>('modelschemas/list')).body.data!.find(
      (s) => s.name === 'Bestseller answer (app)',
    )!;
    const key = await bestsellerDay(1, 49);
    const truth = await factDay(wh, 'fact_bestseller', key);
    const ranks = await factDay(wh, 'fact_category_rank', key);

    const broken = JSON.parse(schema.schema_json) as { dataModel: { name: string; source: string }[] };
    for (const e of broken.dataModel) if (e.name === 'rank') e.source = '$..ranking';
    expect((await saveSchema(schema, JSON.stringify(broken))).body.msg).toBe('Schema Updated Successfully !');
    const failed = await crawl(demo, { channel_id: 49, trigger_type: 2, crawl_date: key.date });
    // The category listings load; every bestseller page fails with its reason and loads nothing.
    expect([failed.status_name, failed.rows_loaded]).toEqual(['Mismatch', ranks.length]);
    const failedPages = (await logOf(demo, failed)).filter((p) => p.reason !== null);
    expect(failedPages.length).toBe(failed.pages_failed);
    expect(failedPages.every((p) => p.listing_kind === 'bestseller')).toBe(true);
    expect(new Set(failedPages.map((p) => p.reason))).toEqual(new Set(['result 1: rank missing']));
    expect(await factDay(wh, 'fact_bestseller', key)).toEqual(truth);

    expect((await saveSchema(schema, schema.schema_json)).body.msg).toBe('Schema Updated Successfully !');
    const retry = await crawl(demo, { channel_id: 49, trigger_type: 2, crawl_date: key.date });
    expect([retry.status_name, retry.pages_total, retry.rows_loaded]).toEqual([
      'Success',
      failedPages.length,
      truth.length,
    ]);
    expect(retry.message).toBe(`Retried the ${failedPages.length} pages that failed in run ${failed.id}`);
    expect((await logOf(demo, retry)).map((p) => p.url).sort()).toEqual(failedPages.map((p) => p.url).sort());
    expect(await factDay(wh, 'fact_bestseller', key)).toEqual(truth);
    expect(await factDay(wh, 'fact_category_rank', key)).toEqual(ranks);
  }, 180_000);

  it("a bestseller schema that knows one layout leaves the other's pages out until the next run fetches them", async () => {
    const wh = server.server.app.deps.warehouse;
    const schema = (await demo.get<Schema[]>('modelschemas/list')).body.data!.find(
      (s) => s.name === 'Bestseller page (web)',
    )!;
    const key = await bestsellerDay(1, 4);
    const truth = await factDay(wh, 'fact_bestseller', key);

    const classic = JSON.parse(schema.schema_json) as { items: string };
    classic.items = '.zg-grid-general-faceout';
    expect((await saveSchema(schema, JSON.stringify(classic))).body.msg).toBe(
      'Schema Updated Successfully !',
    );
    const partial = await crawl(demo, { channel_id: 4, trigger_type: 2, crawl_date: key.date });
    expect(partial.status_name).toBe('Mismatch');
    const failedPages = (await logOf(demo, partial)).filter((p) => p.reason !== null);
    expect(failedPages.length).toBeGreaterThan(0);
    expect(
      failedPages.every((p) => p.listing_kind === 'bestseller' && p.reason === 'no results on the page'),
    ).toBe(true);
    // The day holds the loaded pages' ranks only: the redesigned lists' pages loaded nothing.
    const gappy = await factDay(wh, 'fact_bestseller', key);
    const missing = new Set(failedPages.map((p) => `${p.listing_id}/${p.listing_page}`));
    const pageOf = (r: Record<string, unknown>) =>
      `${Number(r.category_id)}/${Math.ceil(Number(r.bestseller_rank) / 25)}`;
    expect(gappy).toEqual(truth.filter((r) => !missing.has(pageOf(r))));

    expect((await saveSchema(schema, schema.schema_json)).body.msg).toBe('Schema Updated Successfully !');
    const retry = await crawl(demo, { channel_id: 4, trigger_type: 2, crawl_date: key.date });
    expect([retry.status_name, retry.pages_total, retry.rows_loaded]).toEqual([
      'Success',
      failedPages.length,
      truth.length - gappy.length,
    ]);
    expect(await factDay(wh, 'fact_bestseller', key)).toEqual(truth);
  }, 180_000);

  it("keeps one group's bestseller crawl away from another's day", async () => {
    const wh = server.server.app.deps.warehouse;
    const theirKey = await bestsellerDay(2, 61);
    const mineKey = { ...theirKey, groupId: 1 };
    const theirTruth = await factDay(wh, 'fact_bestseller', theirKey);
    const mine = await factDay(wh, 'fact_bestseller', mineKey);
    expect(theirTruth.length).toBeGreaterThan(0);
    expect(mine.length).toBeGreaterThan(0);

    const theirs = await crawl(rival, { channel_id: 61, trigger_type: 2, crawl_date: theirKey.date });
    expect(theirs.status_name).toBe('Success');
    expect(await factDay(wh, 'fact_bestseller', theirKey)).toEqual(theirTruth);
    expect(await factDay(wh, 'fact_bestseller', mineKey)).toEqual(mine);
    const ranks = await factDay(wh, 'fact_category_rank', theirKey);
    expect(theirs.rows_loaded).toBe(theirTruth.length + ranks.length);
    // Group 2's run, its pages and its schemas stay its own.
    const runs = (await demo.get<Run[]>('processmonitor/process_status', { limit: 50 })).body.data!;
    expect(runs.map((r) => r.id)).not.toContain(theirs.id);
    expect((await demo.get('processmonitor/crawl/logs', { run_id: theirs.id })).status).toBe(404);
    const theirSchemas = (await rival.get<Schema[]>('modelschemas/list')).body.data!;
    const mySchemas = (await demo.get<Schema[]>('modelschemas/list')).body.data!;
    const theirBestseller = theirSchemas.filter((s) => s.name.startsWith('Bestseller'));
    expect(theirBestseller).toHaveLength(2);
    const myIds = new Set(mySchemas.map((s) => s.id));
    expect(theirBestseller.filter((s) => myIds.has(s.id))).toEqual([]);
  }, 180_000);
});
