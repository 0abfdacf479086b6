/**
 * The process monitor's Vendor, Seller and Athena status grids: each figure is checked
 * against the raw warehouse facts or store rows of the caller's group; another group sees only its
 * own; a role without the screen gets 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer.js';
import { signInDemoRivalAnalyst } from './support/signIn.js';
import type { ApiClient } from './support/apiClient.js';

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;
let analyst: ApiClient;

type Row = Record<string, unknown>;
interface Rows {
  rows: Row[];
  total: number;
}

const VENDORS = 'processmonitor/vendor_status/rows';
const SELLERS = 'processmonitor/seller_status/rows';
const ATHENA = 'processmonitor/athena_status/rows';

beforeAll(async () => {
  server = await startTestServer();
  [demo, rival, analyst] = await signInDemoRivalAnalyst(server);
}, 300_000);

afterAll(() => server?.close());

const rowsOf = async (client: ApiClient, path: string, query?: Record<string, number>) => {
  const answer = await client.get<Rows>(path, query);
  expect(answer.status).toBe(200);
  return answer.body.data!;
};
const warehouse = () => server.server.app.deps.warehouse;
const day = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d)).slice(0, 10);

/** Listings per channel and day of a group, counted here in JS from the raw price facts. */
async function listingsByDay(groupId: number): Promise<Map<number, Map<string, number>>> {
  const facts = await warehouse().query<{ channel_id: number; crawl_date: unknown }>(
    'SELECT channel_id, crawl_date FROM fact_price WHERE group_id = $1',
    [groupId],
  );
  const out = new Map<number, Map<string, number>>();
  for (const f of facts) {
    const days = out.get(Number(f.channel_id)) ?? new Map<string, number>();
    days.set(day(f.crawl_date), (days.get(day(f.crawl_date)) ?? 0) + 1);
    out.set(Number(f.channel_id), days);
  }
  return out;
}

describe('vendor status', () => {
  it('shows per channel its latest day, listings vs the day before, and Up To Date or Delayed', async () => {
    for (const [client, groupId] of [
      [demo, 1],
      [rival, 2],
    ] as const) {
      const expected = await listingsByDay(groupId);
      expect(expected.size).toBeGreaterThan(0);
      const latest = [...expected.values()]
        .flatMap((d) => [...d.keys()])
        .sort()
        .at(-1);
      const { rows } = await rowsOf(client, VENDORS);
      expect(rows.map((r) => r.channel_id)).toEqual([...expected.keys()].sort((a, b) => a - b));
      for (const r of rows) {
        const days = [...expected.get(Number(r.channel_id))!.entries()].sort(([a], [b]) =>
          b.localeCompare(a),
        );
        expect(r).toMatchObject({
          last_date: days[0]![0],
          listings: days[0]![1],
          previous_listings: days[1]?.[1] ?? null,
          status: days[0]![0] === latest ? 'Up To Date' : 'Delayed',
        });
      }
    }
  });

  it('a channel left behind turns Delayed and its last crawl run shows', async () => {
    const before = (await rowsOf(demo, VENDORS)).rows;
    const behind = before[0]!;
    // Take the channel's latest day away from it: it is now a day behind the group.
    await warehouse().query(
      'DELETE FROM fact_price WHERE group_id = $1 AND channel_id = $2 AND crawl_date = $3',
      [1, behind.channel_id, behind.last_date],
    );
    const after = (await rowsOf(demo, VENDORS)).rows.find((r) => r.channel_id === behind.channel_id)!;
    expect(after.status).toBe('Delayed');
    expect(after.listings).toBe(behind.previous_listings);
    expect(String(after.last_date) < String(behind.last_date)).toBe(true);
    // The rival's vendors do not move.
    expect(
      (await rowsOf(rival, VENDORS)).rows.every((r) => r.status === 'Up To Date' || r.status === 'Delayed'),
    ).toBe(true);
  });
});

describe('seller status', () => {
  it("counts each channel's sellers on its latest day, the unauthorised ones and the lost buy boxes", async () => {
    for (const [client, groupId] of [
      [demo, 1],
      [rival, 2],
    ] as const) {
      const facts = await warehouse().query<Row>(
        'SELECT channel_id, crawl_date, product_id, seller_id, is_auth, has_buy_box FROM fact_seller WHERE group_id = $1',
        [groupId],
      );
      const { rows } = await rowsOf(client, SELLERS);
      const channels = [...new Set(facts.map((f) => Number(f.channel_id)))].sort((a, b) => a - b);
      expect(rows.map((r) => r.channel_id)).toEqual(channels);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        const own = facts.filter((f) => Number(f.channel_id) === r.channel_id);
        const latest = own
          .map((f) => day(f.crawl_date))
          .sort()
          .at(-1)!;
        const onDay = own.filter((f) => day(f.crawl_date) === latest);
        const distinct = (list: Row[], key: string) => new Set(list.map((f) => Number(f[key]))).size;
        const unauth = onDay.filter((f) => Number(f.is_auth) === 0);
        const withBox = onDay.filter((f) => Number(f.has_buy_box) === 1);
        const lost = distinct(
          withBox.filter((f) => Number(f.is_auth) === 0),
          'product_id',
        );
        const boxes = distinct(withBox, 'product_id');
        expect(r).toMatchObject({
          crawl_date: latest,
          sellers: distinct(onDay, 'seller_id'),
          unauthorised_sellers: distinct(unauth, 'seller_id'),
          products: distinct(onDay, 'product_id'),
          products_with_unauthorised: distinct(unauth, 'product_id'),
          buy_box_lost_rate: boxes ? Math.round((1000 * lost) / boxes) / 10 : null,
          status: unauth.length ? 'Unauthorised Sellers' : 'OK',
        });
      }
    }
  });
});

describe('athena status', () => {
  it("lists the group's schema types with their state and last sync run; a new sync shows; other groups see none", async () => {
    const first = await rowsOf(demo, ATHENA);
    expect(
      first.rows.map((r) => [r.schema_type, r.sync_type, r.state, r.sync_count, r.last_run_status]),
    ).toEqual([
      ['availability', 'Daily', 'Active', 1, 'Completed'],
      ['reviews', 'Monthly', 'Inactive', 0, 'Never Synced'],
      ['sales', 'Monthly', 'Active', 1, 'Completed'],
    ]);
    const sales = first.rows.find((r) => r.schema_type === 'sales')!;
    const sync = await demo.post('mutate/client/clientathenasyn/sync', { schema_type_id: sales.id });
    expect(sync.body).toMatchObject({ statusCode: 1, msg: 'Sync Requested' });
    const after = (await rowsOf(demo, ATHENA)).rows.find((r) => r.id === sales.id)!;
    expect(after).toMatchObject({
      sync_count: 2,
      last_run_status: 'Requested',
    });
    expect(String(after.requested_by)).toMatch(/\S/);
    expect(Number(after.last_run_id)).toBeGreaterThan(Number(sales.last_run_id));
    expect(Date.parse(String(after.last_sync_at))).toBeGreaterThan(Date.parse(String(sales.last_sync_at)));

    // Paged by 20 (the spec's page size) and by what the grid asks.
    expect((await rowsOf(demo, ATHENA, { limit: 1, offset: 1 })).rows.map((r) => r.schema_type)).toEqual([
      'reviews',
    ]);
    expect((await rowsOf(demo, ATHENA, { limit: 1 })).total).toBe(3);
    // Group 2 has no schema type: none of group 1's shows there.
    expect(await rowsOf(rival, ATHENA)).toEqual({ rows: [], total: 0 });
  });
});

describe('access', () => {
  it('refuses a role without the screens (403) and anonymous callers (401)', async () => {
    for (const path of [VENDORS, SELLERS, ATHENA]) {
      expect([path, (await analyst.get(path)).status]).toEqual([path, 403]);
      const anonymous = await fetch(`${server.url}/api/v1/${path}`);
      expect([path, anonymous.status]).toEqual([path, 401]);
    }
    const menu = (await analyst.get<{ activityList: string[] }>('user/menu')).body.data!.activityList;
    expect(menu.filter((a) => /^processmonitor\/(vendor|seller|athena)_status$/.test(a))).toEqual([]);
    const admins = (await demo.get<{ activityList: string[] }>('user/menu')).body.data!.activityList;
    expect(admins).toEqual(
      expect.arrayContaining([
        'processmonitor/vendor_status',
        'processmonitor/seller_status',
        'processmonitor/athena_status',
      ]),
    );
  });
});
