/**
 * A new marketplace without code: the demo generator fills a sixth channel (Swiggy Instamart, 63)
 * that has no channel profile. Only through the API: the group admin writes its model schema,
 * platform staff save its profile (pages, cookie location, wall markers, two cities) and three
 * sample pages of its site, try the profile on them (the edit form reads it back, proxies masked),
 * the admin uploads the listings the channel tracks (SKU master), adds a crawl timing and runs it. The crawl loads the market's truth for both cities, on Stock and Price, and the pages behind
 * a wall for every session are Blocked and give no row. Staff only (a group admin is refused and
 * audited); another group's schema is refused; proxies are sealed at rest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer.js';
import { signIn } from './support/signIn.js';
import type { ApiClient } from './support/apiClient.js';
import { finishedRun } from './support/crawlRunPoll.js';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import { PLATFORM_ACTION_REFUSED } from '../../src/shared/admin/adminActivities.js';
import { pageFate, type MarketOptions } from '../../src/server/demo/fixtureMarket/marketMechanics.js';
import { WEB_PRODUCT_SCHEMA } from '../../src/server/features/crawl/defaultModelSchemas.js';
import { factDay } from '../../src/server/features/crawl/crawlTruth.js';
import type { CrawlTables } from '../../src/server/features/crawl/crawlTables.js';
import { configureProxySecrets } from '../../src/server/features/crawl/proxyKeyCheck.js';
import { proxyKeyMissing } from '../../src/server/features/crawl/proxySecrets.js';
import { uploadFile, xlsxOf, XLSX_MIME } from './support/uploadClient.js';

const MARKET: MarketOptions = { seed: 42, wallPct: 10, soft404Pct: 5 };
const CHANNEL = 63;
const CITIES = [1, 2];
const PROXY_KEY = 'k'.repeat(40);

type Row = Record<string, unknown>;
interface Run {
  id: number;
  status_name: string;
  pages_total: number;
  pages_blocked: number;
  pages_failed: number;
}

let server: TestServer;
let admin: ApiClient;
let staff: ApiClient;
let rival: ApiClient;

beforeAll(async () => {
  server = await startTestServer({
    DEMO_CHANNELS: '6',
    DEMO_SEED: String(MARKET.seed),
    DEMO_MARKET_WALLS_PCT: String(MARKET.wallPct),
    DEMO_MARKET_SOFT404_PCT: String(MARKET.soft404Pct),
    CRAWL_PROXY_KEY: PROXY_KEY,
    LOGIN_RATE_PER_ADDRESS: '0',
  });
  [admin, staff, rival] = await Promise.all([
    signIn(server),
    signIn(server, DEMO_USERS.staff),
    signIn(server, DEMO_USERS.rival),
  ]);
}, 300_000); // a first start of its own (six channels)

afterAll(() => server?.close());

/** The market's own address, as every fixture profile of the group names it. */
async function marketUrl(): Promise<string> {
  const profiles = (await admin.get<{ channel_id: number; base_url: string }[]>('channelprofile/list')).body
    .data!;
  expect(profiles.map((p) => p.channel_id)).not.toContain(CHANNEL);
  return profiles[0]!.base_url;
}

/** A page of the site as a visitor's browser saw it (home page, then the city), to save as a sample. */
async function visit(base: string, path: string, city?: number): Promise<{ status: number; body: string }> {
  const home = await fetch(`${base}/web/${CHANNEL}/`);
  let cookie = (home.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
  if (city !== undefined) {
    const loc = await fetch(`${base}/web/${CHANNEL}/location?city=${city}`, {
      method: 'POST',
      headers: { cookie },
    });
    cookie = [cookie, ...loc.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
  }
  const page = await fetch(`${base}${path}`, { headers: { cookie } });
  return { status: page.status, body: await page.text() };
}

/** A page asked for without a session, as a bot would: the site's wall. */
async function bare(url: string): Promise<{ status: number; body: string }> {
  const page = await fetch(url);
  return { status: page.status, body: await page.text() };
}

const settings = (extra: object = {}) =>
  JSON.stringify({
    session: { warmup_url: `/web/${CHANNEL}/`, per_city: 2, min_interval_ms: 50, max_uses: 400 },
    location: { kind: 'cookie', url: `/web/${CHANNEL}/location?city={city}`, method: 'POST' },
    blocks: {
      statuses: [403, 503],
      markers: ['Robot Check', 'Checking your browser', 'Access Denied'],
      required_fields: ['stock_status'],
      retries: 2,
    },
    not_found_markers: ['This product is unavailable'],
    render: { mode: 'http' },
    robots: 'obey',
    cities: CITIES,
    ...extra,
  });

describe('a sixth marketplace added through the API alone', () => {
  it('is profiled, tried on its samples, crawled for two cities, and shown on Stock and Price', async () => {
    const wh = server.server.app.deps.warehouse;
    const db = server.server.app.deps.store.db.withTables<CrawlTables>();
    const base = await marketUrl();

    // The group admin writes the channel's product schema (the editor's route).
    const schema = await admin.post<{ id: number }>('modelschemas/insert', {
      name: 'Swiggy Instamart product page',
      crawl_type: 0,
      response_type: 'HTML',
      schema: JSON.stringify(WEB_PRODUCT_SCHEMA),
    });
    expect(schema.body.msg).toBe('New Schema Model Inserted Successfully !');
    const rivalSchema = await rival.post<{ id: number }>('modelschemas/insert', {
      name: 'Rival schema',
      crawl_type: 0,
      response_type: 'HTML',
      schema: JSON.stringify(WEB_PRODUCT_SCHEMA),
    });
    const profile = {
      channel_id: CHANNEL,
      channel_name: 'Swiggy Instamart',
      response_type: 'HTML',
      base_url: base,
      url_template: `/web/${CHANNEL}/dp/{sku}`,
      model_schema_id: schema.body.data!.id,
      concurrency: 4,
      requests_per_second: 100,
      crawl_settings: settings(),
    };

    // A group admin may not save a profile: 403 with the reason, audited in their group.
    const refused = await admin.post('channelprofile/save', profile);
    expect([refused.status, refused.body.msg]).toEqual([403, PLATFORM_ACTION_REFUSED.channelProfile]);
    const [audit] = await server.server.app.deps.store.db
      .selectFrom('audit_log')
      .select(['action', 'group_id'])
      .where('action', '=', 'channelProfile.refused')
      .execute();
    expect(audit).toEqual({ action: 'channelProfile.refused', group_id: 1 });

    // Staff: every broken part is a 400 naming it, nothing saved.
    const bad: [object, string][] = [
      [{ crawl_settings: '{"locaton": {}}' }, 'Unknown crawl setting locaton'],
      [{ crawl_settings: settings({ location: { kind: 'cookie', url: '/loc' } }) }, '{city}'],
      [{ crawl_settings: settings({ render: { mode: 'chrome' } }) }, 'render.mode'],
      [{ url_template: '/web/63/dp/' }, '{sku}'],
      [{ model_schema_id: rivalSchema.body.data!.id }, "is not one of this group's"],
      [{ channel_id: 99 }, 'Unknown channel 99'],
      [{ base_url: 'ftp://x' }, 'Base URL'],
      // Cursor paging (infinite scroll) declared wrong: its mode, its cursor's JSONPath, a page
      // that is not JSON; and a masked proxy that stands for no stored endpoint.
      [{ crawl_settings: settings({ paging: { mode: 'scroll' } }) }, 'paging.mode must be page or cursor'],
      [
        { crawl_settings: settings({ paging: { mode: 'cursor', cursor: 'next', param: 'cursor' } }) },
        'paging.cursor must be the JSONPath',
      ],
      [
        { crawl_settings: settings({ paging: { mode: 'cursor', cursor: '$.next', param: 'cursor' } }) },
        'the response type must be JSON',
      ],
      [{ crawl_settings: settings({ proxies: ['http://***@proxy.example:3128'] }) }, 'is masked'],
    ];
    for (const [change, message] of bad) {
      const res = await staff.post('channelprofile/save', { ...profile, ...change });
      expect([res.status, res.body.msg], message).toEqual([400, expect.stringContaining(message)]);
    }
    expect(
      await db.selectFrom('channel_profiles').select('id').where('channel_id', '=', CHANNEL).execute(),
    ).toEqual([]);

    // A proxy with credentials is stored sealed, and shown and audited without them.
    const withProxy = await staff.post('channelprofile/save', {
      ...profile,
      crawl_settings: settings({ proxies: ['http://crawler:pa55word@proxy.example:3128'] }),
    });
    expect(withProxy.body.msg).toBe('Channel Profile Saved Successfully');
    const stored = await db
      .selectFrom('channel_profiles')
      .select(['crawl_settings', 'group_id'])
      .where('channel_id', '=', CHANNEL)
      .executeTakeFirstOrThrow();
    expect(stored.group_id).toBe(1);
    expect(stored.crawl_settings).not.toContain('pa55word');
    expect(stored.crawl_settings).toMatch(/"proxies":\["sealed:v1\./);
    const audits = await server.server.app.deps.store.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'channelProfile.created')
      .execute();
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0]!.detail)).toContain('http://***@proxy.example:3128');
    expect(JSON.stringify(audits[0]!.detail)).not.toContain('pa55word');
    // The edit form opens on what is stored: the proxy masked; saved back as shown, it keeps the
    // sealed endpoint. The group admin may not read it.
    const rows = await staff.get<{ rows: Row[] }>('channelprofile/rows', { limit: 50 });
    const shown = rows.body.data!.rows.find((r) => r.channel_id === CHANNEL)!;
    expect([shown.channel_name, shown.url_template, shown.model_schema_id]).toEqual([
      'Swiggy Instamart',
      profile.url_template,
      profile.model_schema_id,
    ]);
    const proxiesOf = (settings: string) => (JSON.parse(settings) as { proxies: string[] }).proxies;
    expect(proxiesOf(String(shown.crawl_settings))).toEqual(['http://***@proxy.example:3128']);
    expect(JSON.stringify(rows.body)).not.toContain('pa55word');
    expect((await admin.get('channelprofile/rows')).status).toBe(403);
    const again = await staff.post('channelprofile/save', shown);
    expect(again.body.msg).toBe('Channel Profile Saved Successfully');
    const resaved = await db
      .selectFrom('channel_profiles')
      .select('crawl_settings')
      .where('channel_id', '=', CHANNEL)
      .executeTakeFirstOrThrow();
    expect(proxiesOf(resaved.crawl_settings)).toEqual(proxiesOf(stored.crawl_settings));
    // The crawl and timing forms list the group's profiled channels: the new one, not the rival's.
    const choices = async (client: ApiClient) =>
      (await client.get<{ value: number; label: string }[]>('crawl/channels')).body.data!;
    expect(await choices(admin)).toContainEqual({ value: CHANNEL, label: 'Swiggy Instamart (web, HTML)' });
    expect((await choices(rival)).map((c) => c.value)).not.toContain(CHANNEL);

    // A server without the key refuses to start on this store, naming the setting.
    await expect(
      configureProxySecrets({ ...server.server.app.deps, env: { ...server.env, CRAWL_PROXY_KEY: '' } }),
    ).rejects.toThrow(
      /^CRAWL_PROXY_KEY is not set, yet 1 channel profile\(s\) hold encrypted proxy endpoints/,
    );
    const noKey = await staff.post('channelprofile/save', {
      ...profile,
      crawl_settings: settings({ proxies: ['http://other:secret@proxy.example:3129'] }),
    });
    expect([noKey.status, noKey.body.msg]).toEqual([400, proxyKeyMissing]);
    await configureProxySecrets(server.server.app.deps);
    // Saved again without proxies: the crawl below goes direct to the loopback market.
    const saved = await staff.post('channelprofile/save', {
      ...profile,
      crawl_settings: settings({ proxies: [] }),
    });
    expect(saved.body.msg).toBe('Channel Profile Saved Successfully');

    // The pages of the day and what the market does to each (the generator's truth before the crawl).
    const [{ d } = { d: '' }] = await wh.query<{ d: string }>(
      `SELECT CAST(last_crawl_date AS VARCHAR) AS d FROM crawl_log WHERE group_id = 1 AND crawl_type = 'product'`,
    );
    const key = { groupId: 1, channelId: CHANNEL, date: String(d).slice(0, 10) };
    const skus = new Map(
      (
        await wh.query<{ product_id: number; sku: string }>(
          'SELECT product_id, channel_sku_code AS sku FROM dim_listing WHERE group_id = 1 AND channel_id = $1',
          [CHANNEL],
        )
      ).map((l) => [Number(l.product_id), l.sku]),
    );
    const inCities = (r: Row) => CITIES.includes(Number(r.city_id));
    const truthStock = (await factDay(wh, 'fact_stock', key)).filter(inCities);
    const truthPrice = (await factDay(wh, 'fact_price', key)).filter(inCities);
    const fate = (r: Row) => pageFate(MARKET, CHANNEL, skus.get(Number(r.product_id))!, Number(r.city_id));
    const pageKey = (r: Row) => `${String(r.product_id)}/${String(r.city_id)}`;
    const hardWalled = new Set(truthStock.filter((r) => fate(r).wall?.hard).map(pageKey));
    const soft404 = new Set(truthStock.filter((r) => !fate(r).wall?.hard && fate(r).soft404).map(pageKey));
    expect(truthStock.length).toBeGreaterThan(40);
    expect(hardWalled.size).toBeGreaterThan(0);

    // Sample pages as a visitor saw them: a product page, the site's captcha, a soft 404.
    const plain = truthStock.find((r) => !fate(r).wall && !fate(r).soft404)!;
    const gone = truthStock.find((r) => !fate(r).wall && fate(r).soft404)!;
    const samples = [
      [
        'product',
        await visit(base, `/web/${CHANNEL}/dp/${skus.get(Number(plain.product_id))}`, Number(plain.city_id)),
      ],
      ['captcha', await bare(`${base}/web/${CHANNEL}/dp/${skus.get(Number(plain.product_id))}`)],
      [
        'gone',
        await visit(base, `/web/${CHANNEL}/dp/${skus.get(Number(gone.product_id))}`, Number(gone.city_id)),
      ],
    ] as const;
    for (const [name, page] of samples) {
      const res = await staff.post('channelprofile/sample', {
        channel_id: CHANNEL,
        name,
        status: page.status,
        page: page.body,
      });
      expect(res.body.msg, name).toBe('Sample Page Saved');
    }
    expect(
      (await admin.post('channelprofile/sample', { channel_id: CHANNEL, name: 'x', page: 'x' })).status,
    ).toBe(403);
    expect((await rival.post('channelprofile/test', { channel_id: CHANNEL })).status).toBe(403);
    const tried = await staff.post<{
      samples: { name: string; verdict: string; reason: string; fields: Row }[];
    }>('channelprofile/test', { channel_id: CHANNEL });
    const verdicts = tried.body.data!.samples;
    expect(verdicts.map((v) => [v.name, v.verdict])).toEqual([
      ['product', 'page'],
      ['captcha', 'blocked'],
      ['gone', 'failed'],
    ]);
    expect(verdicts[0]!.fields.stock_status).toBe(plain.stock_status);
    expect(verdicts[2]!.reason).toBe('product unavailable (soft 404)');
    expect(tried.body.msg).toMatch(
      /^product: page \(stock_status \d, selling_price [\d.]+\); captcha: Blocked/,
    );

    // A marketplace never crawled has no facts and no listings but those its group adds: the
    // generator's of this channel go (the market keeps serving its truth), and the group admin
    // uploads the channel's listings in the SKU master (master/master_data). The crawl reads them
    // in the profile's two cities; a listing the site does not sell in a city is a 404 there.
    for (const table of ['fact_stock', 'fact_price', 'dim_listing'])
      await wh.query(`DELETE FROM ${table} WHERE group_id = 1 AND channel_id = $1`, [CHANNEL]);
    const products = await wh.query<{ product_id: number; sku_code: string }>(
      `SELECT product_id, sku_code FROM dim_product WHERE group_id = 1`,
    );
    const skuCode = new Map(products.map((p) => [Number(p.product_id), p.sku_code]));
    const upload = await uploadFile(admin, 'uploads/master/master_data/skus', {
      name: 'swiggy-listings.xlsx',
      type: XLSX_MIME,
      bytes: await xlsxOf(
        ['Channel', 'SKU Code', 'Channel SKU Code', 'Product URL'],
        [...skus].map(([productId, code]) => [
          'Swiggy Instamart',
          skuCode.get(productId),
          code,
          `${base}/web/${CHANNEL}/dp/${code}`,
        ]),
      ),
    });
    expect([upload.status, upload.body.msg]).toEqual([200, `${skus.size} rows loaded.`]);
    const notSold = skus.size * CITIES.length - truthStock.length;

    // The first crawl: a timing, run now.
    const timing = await admin.post<{ id: number }>('crawl/timings', {
      channel_id: CHANNEL,
      cron: '30 6 * * *',
      time_zone: 'Asia/Kolkata',
    });
    expect(timing.body.msg).toBe('Crawl Timing Added Successfully');
    const started = await admin.post<{ run_id: number }>('crawl/timings/run', { id: timing.body.data!.id });
    const run = await finishedRun<Run & { status: number }>(admin, started.body.data!.run_id);
    expect([run.status_name, run.pages_total, run.pages_blocked, run.pages_failed]).toEqual([
      'Blocked',
      skus.size * CITIES.length,
      hardWalled.size,
      hardWalled.size + soft404.size + notSold,
    ]);

    // Stock and Price per city: the truth of every loaded page; none for a blocked page.
    const loaded = truthStock.filter((r) => !hardWalled.has(pageKey(r)) && !soft404.has(pageKey(r)));
    const priceOf = new Map(truthPrice.map((r) => [pageKey(r), r]));
    for (const city of CITIES) {
      const filters = {
        start_date: key.date,
        end_date: key.date,
        channel_id: CHANNEL,
        city_id: city,
        limit: 500,
      };
      const stock = (await admin.get<{ rows: Row[] }>('stock/data', filters)).body.data!.rows;
      const expected = loaded.filter((r) => Number(r.city_id) === city);
      expect(
        stock.map((r) => [Number(r.product_id), Number(r.in_stock), Number(r.out_of_stock)]).sort(),
        `stock, city ${city}`,
      ).toEqual(
        expected
          .map((r) => [Number(r.product_id), r.stock_status === 1 ? 1 : 0, r.stock_status === 0 ? 1 : 0])
          .sort(),
      );
      const price = (await admin.get<{ rows: Row[] }>('price/products/data', filters)).body.data!.rows;
      const priced = expected.filter((r) => priceOf.get(pageKey(r))?.selling_price != null);
      expect(
        price.map((r) => [Number(r.product_id), Number(r.avg_selling_price)]).sort(),
        `price, city ${city}`,
      ).toEqual(
        priced.map((r) => [Number(r.product_id), Number(priceOf.get(pageKey(r))!.selling_price)]).sort(),
      );
    }

    // Blocked on the Crawling Logs screen, and the cities' coverage.
    const logs = (
      await admin.get<{ rows: { outcome: string; channel_name?: string; product_id?: number }[] }>(
        'rows/processmonitor/initiate_crawling_logs/crawlPage',
        { limit: 500 },
      )
    ).body.data!.rows;
    expect(logs.filter((r) => r.outcome === 'Blocked')).toHaveLength(hardWalled.size);
    const coverage = await wh.query<Row>(
      `SELECT city_id, pages, blocked FROM crawl_coverage WHERE group_id = 1 AND channel_id = $1 ORDER BY city_id`,
      [CHANNEL],
    );
    expect(coverage.map((c) => Number(c.city_id))).toEqual(CITIES);

    // Crawling Logs pages its grids together (Show More on one asks each for its next page): past
    // its last row a grid answers none with its true total, and a page of sessions never repeats one.
    type Page = { rows: Row[]; total: number };
    const grid = async (route: string, offset: number, limit: number) =>
      (await admin.get<Page>(`processmonitor/crawl/${route}/rows`, { offset, limit })).body.data!;
    const coverageAll = await grid('coverage', 0, 500);
    expect(coverageAll.total).toBe(coverageAll.rows.length);
    expect(await grid('coverage', 500, 20)).toEqual({ rows: [], total: coverageAll.total });
    const sessionsAll = await grid('sessions', 0, 500);
    const [first, second] = [await grid('sessions', 0, 2), await grid('sessions', 2, 2)];
    expect(sessionsAll.rows.length).toBeGreaterThan(2);
    expect([first.total, second.total]).toEqual([sessionsAll.total, sessionsAll.total]);
    expect([...first.rows, ...second.rows].map((r) => r.id)).toEqual(
      sessionsAll.rows.slice(0, 4).map((r) => r.id),
    );
  }, 180_000);
});
