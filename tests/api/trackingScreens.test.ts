/**
 * The tracking screens and the staff page: each figure against the raw warehouse or
 * store rows of the caller's group; group 2 sees none of group 1's rows; the analyst gets 403 (but
 * reads the listing changes of the Change Detection screen it holds). Run again with API_TEST_PG=1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './support/testServer.js';
import { signInDemoRivalAnalyst } from './support/signIn.js';
import type { ApiClient } from './support/apiClient.js';

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;
let analyst: ApiClient;

type Row = Record<string, unknown>;
const MAPPING = 'tracking/mapping/rows';
const CHANNEL_CITY = 'tracking/channelcity/rows';
const CHANGES = 'tracking/changedetection/rows';
const CATEGORY_CHANGES = 'tracking/categorychangedetection/rows';
const ATHENA = 'tracking/athena-status/rows';
const SENTIMENTS = 'tracking/review-sentiments/rows';
const TABLES = 'internal-tools/internal-tool/tables';
const INDEX = 'internal-tools/internal-tool/index';
const ADMIN_ONLY = [MAPPING, CHANNEL_CITY, CHANGES, CATEGORY_CHANGES, ATHENA, SENTIMENTS, TABLES, INDEX];

beforeAll(async () => {
  server = await startTestServer();
  [demo, rival, analyst] = await signInDemoRivalAnalyst(server);
}, 300_000);

afterAll(() => server?.close());

const wh = () => server.server.app.deps.warehouse;
const day = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d)).slice(0, 10);
const minus = (d: string, n: number) => new Date(Date.parse(d) - n * 86_400_000).toISOString().slice(0, 10);
const rowsOf = async (client: ApiClient, path: string, query: Record<string, string | number> = {}) => {
  const answer = await client.get<{ rows: Row[]; total: number }>(path, query);
  expect(answer.status, `${path}: ${answer.body.msg}`).toBe(200);
  return answer.body.data!;
};
/** Every row of a paged grid, page by page. */
async function allRows(client: ApiClient, path: string, query: Record<string, string | number> = {}) {
  const out: Row[] = [];
  for (let offset = 0; ; offset += 500) {
    const { rows, total } = await rowsOf(client, path, { ...query, limit: 500, offset });
    out.push(...rows);
    if (out.length >= total || rows.length === 0) return out;
  }
}
async function latest(table: string, column: string, groupId: number) {
  const [r] = await wh().query<{ d: unknown }>(
    `SELECT MAX(${column}) AS d FROM ${table} WHERE group_id = $1`,
    [groupId],
  );
  return day(r!.d);
}

describe('tracking screens: access', () => {
  it('refuses the analyst on every admin read, and lets it read its Change Detection screen', async () => {
    for (const path of ADMIN_ONLY) expect((await analyst.get(path)).status, path).toBe(403);
    expect((await rowsOf(analyst, 'changedetection/data/changes')).rows.length).toBeGreaterThan(0);
    expect((await demo.get(CHANGES, { changed_only: 2 })).status).toBe(400);
    expect((await demo.get(CHANGES, { channel_id: '1;DROP' })).status).toBe(400);
  });
});

describe('Change Detection export', () => {
  it("downloads every change of the grid's filters as CSV and xlsx, in the caller's group; another format is 400", async () => {
    const query = { channel_id: '1' };
    const grid = await allRows(analyst, 'changedetection/data/changes', query);
    expect(grid.length).toBeGreaterThan(20); // more than the grid's first page
    const csv = await analyst.raw('GET', `changedetection/data/changes/export?format=csv&channel_id=1`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv
      .text()
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date Of Change,Product,SKU Code,Channel,Attribute,Before,After,Change');
    expect(lines.length - 1).toBe(grid.length);
    expect(lines.slice(1).every((l) => l.includes('Amazon'))).toBe(true);
    const xlsx = await analyst.raw('GET', 'changedetection/data/changes/export?channel_id=1');
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect((await analyst.get('changedetection/data/changes/export', { format: 'pdf' })).status).toBe(400);
    // The other group's products never appear in this group's file.
    const theirs = await allRows(rival, 'changedetection/data/changes');
    const mine = csv.text();
    expect(theirs.some((r) => mine.includes(String(r.sku_code)))).toBe(false);
  });
});

describe('tracking/mapping', () => {
  it('lists the group listings 20 a page, with their last crawl and cities', async () => {
    for (const [client, groupId] of [
      [demo, 1],
      [rival, 2],
    ] as const) {
      const listings = await wh().query<Row>(
        'SELECT product_id, channel_id FROM dim_listing WHERE group_id = $1',
        [groupId],
      );
      const first = await rowsOf(client, MAPPING, { limit: 20, offset: 0 });
      expect(first.rows).toHaveLength(20);
      expect(first.total).toBe(listings.length);
      const all = await allRows(client, MAPPING);
      const key = (r: Row) => `${Number(r.product_id)}-${Number(r.channel_id)}`;
      expect(new Set(all.map(key))).toEqual(new Set(listings.map(key)));
      const names = all.map((r) => String(r.sku_name));
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      // One listing checked against its raw stock rows.
      const r = all.find((x) => x.last_date)!;
      const raw = await wh().query<Row>(
        'SELECT crawl_date, city_id FROM fact_stock WHERE group_id = $1 AND product_id = $2 AND channel_id = $3',
        [groupId, r.product_id, r.channel_id],
      );
      const last = raw
        .map((x) => day(x.crawl_date))
        .sort()
        .at(-1);
      expect(r.last_date).toBe(last);
      expect(r.cities).toBe(
        new Set(raw.filter((x) => day(x.crawl_date) === last).map((x) => x.city_id)).size,
      );
    }
    const mine = new Set((await allRows(demo, MAPPING)).map((r) => r.product_id));
    expect((await allRows(rival, MAPPING)).some((r) => mine.has(r.product_id))).toBe(false);
  });
});

describe('tracking/channelcity', () => {
  it('counts per channel and city the products and days of the last 30 crawl days', async () => {
    const to = await latest('fact_stock', 'crawl_date', 1);
    const raw = await wh().query<Row>(
      `SELECT channel_id, city_id, product_id, crawl_date FROM fact_stock
        WHERE group_id = 1 AND crawl_date >= CAST($1 AS DATE)`,
      [minus(to, 29)],
    );
    const expected = new Map<string, { products: Set<unknown>; days: Set<string> }>();
    for (const r of raw) {
      const k = `${Number(r.channel_id)}-${Number(r.city_id)}`;
      const e = expected.get(k) ?? { products: new Set(), days: new Set() };
      e.products.add(r.product_id);
      e.days.add(day(r.crawl_date));
      expected.set(k, e);
    }
    const { rows } = await rowsOf(demo, CHANNEL_CITY);
    expect(rows.length).toBe(expected.size);
    for (const r of rows) {
      const e = expected.get(String(r.id))!;
      expect(r).toMatchObject({ products: e.products.size, days: e.days.size });
    }
    const rivalRows = (await rowsOf(rival, CHANNEL_CITY)).rows;
    const rivalRaw = await wh().query<Row>(
      'SELECT COUNT(DISTINCT product_id)::INTEGER AS n FROM fact_stock WHERE group_id = 2',
    );
    expect(Math.max(...rivalRows.map((r) => Number(r.products)))).toBeLessThanOrEqual(Number(rivalRaw[0]!.n));
  });
});

/** Content changes computed here from the raw fact_content rows: (listing, day, attribute) -> before, after. */
async function expectedContentChanges(groupId: number, from: string, to: string) {
  const raw = await wh().query<Row>(
    `SELECT product_id, channel_id, crawl_date, content_score, image_count, video_count, bullet_count,
            title_length, description_length, aplus_content_compliant, faqs_compliant
       FROM fact_content WHERE group_id = $1 AND crawl_date >= CAST($2 AS DATE) AND crawl_date <= CAST($3 AS DATE)`,
    [groupId, minus(from, 1), to],
  );
  const attrs: [string, string][] = [
    ['Content Score', 'content_score'],
    ['Images', 'image_count'],
    ['Videos', 'video_count'],
    ['Bullet Points', 'bullet_count'],
    ['Title Length', 'title_length'],
    ['Description Length', 'description_length'],
    ['A+ Content', 'aplus_content_compliant'],
    ['FAQs', 'faqs_compliant'],
  ];
  const byListing = new Map<string, Row[]>();
  for (const r of raw) {
    const k = `${Number(r.product_id)}-${Number(r.channel_id)}`;
    byListing.set(k, [...(byListing.get(k) ?? []), r]);
  }
  const out = new Set<string>();
  const listings = new Set<string>();
  for (const [k, days] of byListing) {
    days.sort((a, b) => day(a.crawl_date).localeCompare(day(b.crawl_date)));
    if (days.some((d) => day(d.crawl_date) >= from)) listings.add(k);
    for (let i = 1; i < days.length; i++) {
      const date = day(days[i]!.crawl_date);
      if (date < from) continue;
      for (const [label, col] of attrs) {
        const b = Number(days[i - 1]![col]);
        const a = Number(days[i]![col]);
        if (a !== b)
          out.add(`${k}|${date}|${label}|${Math.round(b * 100) / 100}|${Math.round(a * 100) / 100}`);
      }
    }
  }
  return { changes: out, listings };
}

describe('tracking/changedetection', () => {
  it('lists exactly the changes of the last 14 crawl days, newest first; unchanged listings only on request, after them', async () => {
    const to = await latest('fact_content', 'crawl_date', 1);
    const from = minus(to, 13);
    const expected = await expectedContentChanges(1, from, to);
    expect(expected.changes.size).toBeGreaterThan(0);
    const rows = await allRows(demo, CHANGES);
    const got = rows.map(
      (r) =>
        `${Number(r.product_id)}-${Number(r.channel_id)}|${String(r.change_date)}|${String(r.attribute)}|${Number(r.before)}|${Number(r.after)}`,
    );
    expect(new Set(got)).toEqual(expected.changes);
    expect(got.length).toBe(expected.changes.size);
    expect(rows.every((r) => r.changed === true && r.before !== r.after)).toBe(true);
    const dates = rows.map((r) => String(r.change_date));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(rows[0]!.change).toBe(`${Number(rows[0]!.before)} → ${Number(rows[0]!.after)}`);

    const every = await allRows(demo, CHANGES, { changed_only: 0 });
    const firstUnchanged = every.findIndex((r) => r.changed === false);
    expect(firstUnchanged).toBe(rows.length);
    expect(every.slice(firstUnchanged).every((r) => r.changed === false && r.attribute === 'No change')).toBe(
      true,
    );
    const listed = new Set(every.map((r) => `${Number(r.product_id)}-${Number(r.channel_id)}`));
    expect(listed).toEqual(expected.listings);

    // A channel filter keeps that channel's changes only; the analysts' screen honours its dates.
    const amazon = await allRows(demo, CHANGES, { channel_id: '1' });
    expect(amazon.length).toBe([...expected.changes].filter((c) => c.split('|')[0]!.endsWith('-1')).length);
    const lastDay = await allRows(demo, 'changedetection/data/changes', { start_date: to, end_date: to });
    expect(lastDay.length).toBe([...expected.changes].filter((c) => c.split('|')[1] === to).length);

    const theirs = await allRows(rival, CHANGES, { changed_only: 0 });
    const mine = new Set(every.map((r) => r.product_id));
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((r) => mine.has(r.product_id))).toBe(false);
  });
});

describe('tracking/categorychangedetection', () => {
  it("lists the days a category shelf's figures moved, with before and after", async () => {
    const to = await latest('fact_category_rank', 'crawl_date', 1);
    const raw = await wh().query<Row>(
      `SELECT category_id, channel_id, crawl_date, COUNT(*)::INTEGER AS n FROM fact_category_rank
        WHERE group_id = 1 AND crawl_date >= CAST($1 AS DATE) GROUP BY category_id, channel_id, crawl_date`,
      [minus(to, 14)],
    );
    const series = new Map<string, [string, number][]>();
    for (const r of raw) {
      const k = `${Number(r.category_id)}-${Number(r.channel_id)}`;
      series.set(k, [...(series.get(k) ?? []), [day(r.crawl_date), Number(r.n)]]);
    }
    const expected = new Set<string>();
    for (const [k, s] of series) {
      s.sort(([a], [b]) => a.localeCompare(b));
      for (let i = 1; i < s.length; i++)
        if (s[i]![0] >= minus(to, 13) && s[i]![1] !== s[i - 1]![1])
          expected.add(`${k}|${s[i]![0]}|${s[i - 1]![1]}|${s[i]![1]}`);
    }
    const rows = await allRows(demo, CATEGORY_CHANGES);
    expect(rows.length).toBeGreaterThan(0);
    const ranked = rows.filter((r) => r.attribute === 'Products Ranked');
    expect(
      new Set(
        ranked.map(
          (r) =>
            `${Number(r.category_id)}-${Number(r.channel_id)}|${String(r.change_date)}|${Number(r.before)}|${Number(r.after)}`,
        ),
      ),
    ).toEqual(expected);
    expect(rows.every((r) => r.before !== r.after && typeof r.category_name === 'string')).toBe(true);
    const mine = new Set(rows.map((r) => r.category_id));
    expect((await allRows(rival, CATEGORY_CHANGES)).some((r) => mine.has(r.category_id))).toBe(false);
  });
});

describe('tracking/athena-status', () => {
  it("lists the group's Athena sync runs, newest first, 20 a page", async () => {
    const db = server.server.app.deps.store.db;
    const own = await sql<{
      id: number;
    }>`SELECT id FROM athena_sync_runs WHERE group_id = 1 ORDER BY id DESC`.execute(db);
    expect(own.rows.length).toBeGreaterThan(0);
    const page = await rowsOf(demo, ATHENA, { limit: 20, offset: 0 });
    expect(page.total).toBe(own.rows.length);
    expect(page.rows.map((r) => r.id)).toEqual(own.rows.slice(0, 20).map((r) => r.id));
    const ids = new Set(own.rows.map((r) => r.id));
    expect((await allRows(rival, ATHENA)).some((r) => ids.has(Number(r.id)))).toBe(false);
  });
});

describe('tracking/review-sentiments', () => {
  it('counts each listing reviews of the last 30 days by sentiment, 30 a page', async () => {
    const to = await latest('fact_review', 'review_date', 1);
    const raw = await wh().query<Row>(
      `SELECT sentiment, COUNT(*)::INTEGER AS n FROM fact_review
        WHERE group_id = 1 AND review_date >= CAST($1 AS DATE) GROUP BY sentiment`,
      [minus(to, 29)],
    );
    const count = (s: number) => Number(raw.find((r) => Number(r.sentiment) === s)?.n ?? 0);
    const page = await rowsOf(demo, SENTIMENTS, { limit: 30, offset: 0 });
    expect(page.rows.length).toBe(Math.min(30, page.total));
    const rows = await allRows(demo, SENTIMENTS);
    const sum = (f: string) => rows.reduce((a, r) => a + Number(r[f]), 0);
    expect([sum('positive'), sum('neutral'), sum('negative')]).toEqual([count(1), count(0), count(-1)]);
    expect(
      rows.every((r) => Number(r.reviews) === Number(r.positive) + Number(r.neutral) + Number(r.negative)),
    ).toBe(true);
    const mine = new Set(rows.map((r) => r.product_id));
    expect((await allRows(rival, SENTIMENTS)).some((r) => mine.has(r.product_id))).toBe(false);
  });
});

describe('internal-tools/internal-tool', () => {
  it('shows each fact table of the group with its rows and days, and the suggestion index', async () => {
    for (const [client, groupId] of [
      [demo, 1],
      [rival, 2],
    ] as const) {
      const { rows } = await rowsOf(client, TABLES);
      expect(rows.length).toBe(13);
      for (const r of rows.filter((x) =>
        ['fact_stock', 'fact_review', 'fact_sales'].includes(String(x.fact_table)),
      )) {
        const column =
          r.fact_table === 'fact_review'
            ? 'review_date'
            : r.fact_table === 'fact_sales'
              ? 'sale_date'
              : 'crawl_date';
        const [raw] = await wh().query<Row>(
          `SELECT COUNT(*)::INTEGER AS n, COUNT(DISTINCT ${column})::INTEGER AS d FROM ${String(r.fact_table)} WHERE group_id = $1`,
          [groupId],
        );
        expect([r.rows_total, r.days]).toEqual([Number(raw!.n), Number(raw!.d)]);
      }
      expect(rows.find((r) => r.fact_table === 'fact_stock')!.status).toBe('Fresh');
    }
    expect((await rowsOf(demo, INDEX)).rows).toEqual([]);
  });
});
