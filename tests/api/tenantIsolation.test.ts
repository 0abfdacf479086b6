/**
 * Nothing leaks across groups: a Rival Foods session asks every data route of every monitoring
 * screen for Demo Brands' own brand, category and tag ids, and every suggestion source with them as
 * sibling selections. The answers are empty (grouped queries) or all-zero (KPI rows), and no
 * option of Demo Brands is ever listed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import { acceptedFilters } from '../../src/server/language/query/dataRequest.js';
import { monitoringQueries, type MonitoringQuery } from '../../scripts/bench/monitoringQueries.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

interface Rows {
  rows: Record<string, unknown>[];
  total: number;
}

let server: TestServer;
let rival: ApiClient;
let demo: ApiClient;
let queries: MonitoringQuery[];
const demoIds: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const wh = server.server.app.deps.warehouse;
  for (const [field, table] of [
    ['brand_id', 'dim_brand'],
    ['category_id', 'dim_category'],
    ['tag_id', 'dim_product_tag'],
  ] as const) {
    const ids = await wh.query<{ id: number }>(
      `SELECT DISTINCT ${field} AS id FROM ${table} WHERE group_id = 1 ORDER BY 1 LIMIT 5`,
    );
    demoIds[field] = ids.map((r) => r.id).join(',');
  }
  const [last] = await wh.query<{ d: string }>(
    'SELECT MAX(last_crawl_date) AS d FROM crawl_log WHERE group_id = 2',
  );
  queries = monitoringQueries(server.server.app.deps.config.current(), String(last!.d));
  rival = await signIn(server, DEMO_USERS.rival);
  demo = await signIn(server);
});
afterAll(() => server?.close());

/** A KPI row "has nothing" when every measure is zero or empty. */
function empty(row: Record<string, unknown>, measures: readonly string[]): boolean {
  return measures.every((m) => row[m] === null || row[m] === 0 || row[m] === undefined);
}

describe("another group's ids on every data route", () => {
  it('are answered with nothing', async () => {
    expect(demoIds.brand_id).toMatch(/^\d+(,\d+)+$/);
    let tried = 0;
    let controlHits = 0;
    for (const q of queries) {
      const accepted = acceptedFilters(q.ctx);
      const foreign = Object.fromEntries(Object.entries(demoIds).filter(([field]) => accepted.has(field)));
      if (Object.keys(foreign).length === 0) continue;
      tried++;
      const res = await rival.get<Rows>(q.endpoint, { ...q.params, ...foreign });
      // Control: the owning group, asking the same, gets data (so the ids do select something).
      const own = await demo.get<Rows>(q.endpoint, { ...q.params, ...foreign });
      if (own.body.data!.rows.some((row) => !empty(row, q.ctx.query.measures))) controlHits++;
      expect(res.body.statusCode, `${q.endpoint}: ${res.body.msg}`).toBe(1);
      const rows = res.body.data!.rows;
      if (q.ctx.query.groupBy?.length) expect(rows, q.endpoint).toEqual([]);
      else
        for (const row of rows)
          expect(empty(row, q.ctx.query.measures), `${q.endpoint} ${JSON.stringify(row)}`).toBe(true);
    }
    expect(tried).toBeGreaterThan(60);
    expect(controlHits).toBeGreaterThan(tried * 0.8);
  });

  it('never list the other group in option lists, whatever the sibling selections', async () => {
    const demoBrands = new Set(demoIds.brand_id!.split(',').map(Number));
    const demoTags = new Set(demoIds.tag_id!.split(',').map(Number));
    const screens = new Set(queries.map((q) => q.screenKey));
    let tried = 0;
    for (const screenKey of screens) {
      const screen = server.server.app.deps.config.current().screens.get(screenKey)!;
      for (const filter of screen.filters ?? []) {
        if (!('source' in filter) || !filter.source) continue;
        tried++;
        const res = await rival.get<unknown>(`suggestion/${filter.source}`, {
          screenName: screenKey,
          staticSize: 100,
          ...(filter.dependsOn ?? []).reduce(
            (acc, f) => (demoIds[f] ? { ...acc, [f]: demoIds[f] } : acc),
            {},
          ),
        });
        expect(res.status, `${screenKey} ${filter.source}: ${res.body.msg}`).toBe(200);
        const options = (res.body.data as Record<string, { key: unknown }[]>)[filter.source] ?? [];
        if (filter.source === 'brand')
          for (const o of options) expect(demoBrands.has(Number(o.key))).toBe(false);
        if (filter.source === 'tag') for (const o of options) expect(demoTags.has(Number(o.key))).toBe(false);
      }
    }
    expect(tried).toBeGreaterThan(40);
  });
});
