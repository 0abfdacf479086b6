/**
 * Every monitoring screen's data over HTTP against the real server and demo tenant: each query
 * endpoint answers rows for the demo group, another group's session never sees group 1's
 * products, and every exportable grid downloads an xlsx file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import { monitoringQueries, type MonitoringQuery } from '../../scripts/bench/monitoringQueries.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';
import { MONITORING_SCREENS } from '../support/monitoringScreens.js';

interface Rows {
  rows: Record<string, unknown>[];
  total: number;
}

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;
let queries: MonitoringQuery[];

beforeAll(async () => {
  // A fixed port of the range for hand-started servers, whatever the harness default is.
  server = await startTestServer({ PORT: '18531' });
  const wh = server.server.app.deps.warehouse;
  const [last] = await wh.query<{ d: string }>(
    'SELECT MAX(last_crawl_date) AS d FROM crawl_log WHERE group_id = $1',
    [1],
  );
  queries = monitoringQueries(server.server.app.deps.config.current(), String(last!.d));
  demo = await signIn(server);
  rival = await signIn(server, DEMO_USERS.rival, server.env.DEMO_PASSWORD, 2);
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('monitoring screens data', () => {
  it('covers every screen of the monitoring areas', () => {
    const screens = new Set(queries.map((q) => q.screenKey));
    for (const key of MONITORING_SCREENS) {
      expect(screens, key).toContain(key);
    }
  });

  it('every endpoint answers statusCode 1 with rows for the demo group', async () => {
    const empty: string[] = [];
    for (const q of queries) {
      const res = await demo.get<Rows>(q.endpoint, q.params);
      expect(res.status, q.endpoint).toBe(200);
      expect(res.body.statusCode, `${q.endpoint}: ${res.body.msg}`).toBe(1);
      const rows = res.body.data?.rows ?? [];
      if (rows.length === 0) empty.push(q.endpoint);
      // KPI rows carry at least one number (not every measure null).
      if (!q.ctx.query.groupBy?.length) {
        expect(
          q.ctx.query.measures.some((m) => typeof rows[0]?.[m] === 'number'),
          q.endpoint,
        ).toBe(true);
      }
    }
    expect(empty).toEqual([]);
  }, 180_000);

  it("another group's session sees none of group 1's products", async () => {
    const own = new Set<unknown>();
    const theirs = new Set<unknown>();
    const withProducts = queries.filter((q) => q.ctx.query.groupBy?.includes('product_id'));
    expect(withProducts.length).toBeGreaterThan(10);
    for (const q of withProducts) {
      const params = { ...q.params, ...(q.ctx.query.paged ? { limit: '500' } : {}) };
      const [a, b] = await Promise.all([
        demo.get<Rows>(q.endpoint, params),
        rival.get<Rows>(q.endpoint, params),
      ]);
      expect(b.body.statusCode, `${q.endpoint}: ${b.body.msg}`).toBe(1);
      for (const r of a.body.data?.rows ?? []) own.add(r.product_id);
      for (const r of b.body.data?.rows ?? []) theirs.add(r.product_id);
    }
    expect(own.size).toBeGreaterThan(0);
    expect([...theirs].filter((id) => own.has(id))).toEqual([]);
  }, 180_000);

  it('every exportable grid downloads an xlsx with the filters applied', async () => {
    const grids = queries.filter((q) => q.ctx.query.export);
    expect(grids.length).toBeGreaterThan(40);
    for (const q of grids) {
      const { limit: _limit, ...params } = q.params;
      const query = new URLSearchParams(params).toString();
      const res = await demo.raw('GET', `${q.endpoint}/export${query ? `?${query}` : ''}`);
      expect(res.status, q.endpoint).toBe(200);
      expect(res.headers.get('content-type'), q.endpoint).toContain('spreadsheetml');
      const bytes = res.bytes;
      expect(String.fromCharCode(bytes[0]!, bytes[1]!), q.endpoint).toBe('PK');
    }
  }, 180_000);
});
