/**
 * GET /api/v1/insights/explain on the real server and demo tenant: the split's current and
 * previous values are the KPI tile's value and previous period, its contributions add up to the
 * change, and it is scoped like the screen's data calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import type { QueryResult } from '../../src/shared/screenApi.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';
import { addDays } from '../../scripts/bench/monitoringQueries.js';

interface Explanation {
  current: number | null;
  previous: number | null;
  change: number | null;
  method: string;
  contributions: { key: string; label: string; effect: string; value: number }[];
}

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;
let week: { start_date: string; end_date: string };

beforeAll(async () => {
  server = await startTestServer({ RESULT_CACHE_MB: '0' });
  const [last] = await server.server.app.deps.warehouse.query<{ d: string }>(
    'SELECT MAX(last_crawl_date) AS d FROM crawl_log WHERE group_id = $1',
    [1],
  );
  week = { start_date: addDays(String(last!.d), -6), end_date: String(last!.d) };
  demo = await signIn(server);
  rival = await signIn(server, DEMO_USERS.rival, server.env.DEMO_PASSWORD, 2);
}, 180_000);

afterAll(async () => {
  await server?.close();
});

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

describe('GET /insights/explain', () => {
  const cases = [
    {
      screen: 'stock/kpi',
      endpoint: 'stock/products/stats',
      query: 'stats',
      measure: 'availability_pct',
      by: 'channel_id',
      method: 'rateMix',
    },
    {
      screen: 'stock/kpi',
      endpoint: 'stock/products/stats',
      query: 'stats',
      measure: 'out_of_stock',
      by: 'city_id',
      method: 'additive',
    },
    {
      // Lost sales sum over any dimension: per city they add up to the tile (measures/lostSales.ts).
      screen: 'stock/kpi',
      endpoint: 'stock/products/stats',
      query: 'stats',
      measure: 'lost_sales',
      by: 'city_id',
      method: 'additive',
    },
    {
      screen: 'sales/data',
      endpoint: 'sales/data/stats',
      query: 'stats',
      measure: 'revenue',
      by: 'brand_id',
      method: 'priceVolume',
    },
  ];
  it.each(cases)(
    '$measure by $by: the tile and its previous period, split exactly ($method)',
    async (c) => {
      const tile = await demo.get<QueryResult>(c.endpoint, week);
      const value = tile.body.data!.rows[0]![c.measure] as number;
      const before = tile.body.data!.previous!.rows[0]![c.measure] as number;
      const res = await demo.get<Explanation>('insights/explain', {
        ...week,
        screen: c.screen,
        query: c.query,
        measure: c.measure,
        by: c.by,
      });
      expect(res.body.statusCode, res.body.msg).toBe(1);
      const e = res.body.data!;
      expect(e.method).toBe(c.method);
      expect(close(e.current!, value), `${e.current} vs tile ${value}`).toBe(true);
      expect(close(e.previous!, before), `${e.previous} vs previous ${before}`).toBe(true);
      expect(e.contributions.length).toBeGreaterThan(0);
      const sum = e.contributions.reduce((t, x) => t + x.value, 0);
      expect(close(sum, e.change!), `${sum} vs change ${e.change}`).toBe(true);
    },
    60_000,
  );

  it("applies the screen's filters and answers 400 for what cannot be explained", async () => {
    const base = { ...week, screen: 'stock/kpi', query: 'stats', measure: 'out_of_stock' };
    const whole = await demo.get<Explanation>('insights/explain', { ...base, by: 'channel_id' });
    const channel = whole.body.data!.contributions[0]!.key;
    const one = await demo.get<Explanation>('insights/explain', {
      ...base,
      by: 'channel_id',
      channel_id: channel,
    });
    expect(one.body.data!.contributions.map((x) => x.key)).toEqual([channel]);
    const badBy = await demo.get('insights/explain', { ...base, by: 'stock_status' });
    expect(badBy.status).toBe(400);
    const badMeasure = await demo.get('insights/explain', {
      ...base,
      measure: 'days_in_stock_pct',
      by: 'channel_id',
    });
    expect([badMeasure.status, badMeasure.body.msg]).toEqual([
      400,
      'Measure "days_in_stock_pct" cannot be explained: only counts, sums and ratios of them add up over members',
    ]);
    const noDates = await demo.get('insights/explain', {
      screen: 'stock/kpi',
      query: 'stats',
      measure: 'out_of_stock',
      by: 'channel_id',
    });
    expect(noDates.status).toBe(400);
  }, 60_000);

  it("another group's session explains its own rows, never group 1's", async () => {
    const q = { ...week, screen: 'stock/kpi', query: 'stats', measure: 'out_of_stock', by: 'city_id' };
    const [mine, theirs] = await Promise.all([
      demo.get<Explanation>('insights/explain', q),
      rival.get<Explanation>('insights/explain', q),
    ]);
    const tile = await rival.get<QueryResult>('stock/products/stats', week);
    expect(theirs.body.statusCode, theirs.body.msg).toBe(1);
    expect(theirs.body.data!.current).toBe(tile.body.data!.rows[0]!.out_of_stock ?? 0);
    expect(theirs.body.data!.current).not.toBe(mine.body.data!.current);
  }, 60_000);
});
