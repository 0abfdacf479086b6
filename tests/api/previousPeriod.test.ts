/**
 * KPI tiles' previous period over HTTP on the real server and demo tenant: for every KPI query of
 * every screen, the `previous` the data call answers equals what the same endpoint answers when
 * the user picks those dates. The result cache is off, so each answer is computed afresh.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitoringQueries, type MonitoringQuery } from '../../scripts/bench/monitoringQueries.js';
import { previousPeriodOf, queryShowsPrevious } from '../../src/shared/insights/previousPeriod.js';
import type { QueryResult } from '../../src/shared/screenApi.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

let server: TestServer;
let demo: ApiClient;
let kpis: MonitoringQuery[];
let others: MonitoringQuery[];

beforeAll(async () => {
  server = await startTestServer({ RESULT_CACHE_MB: '0' });
  const [last] = await server.server.app.deps.warehouse.query<{ d: string }>(
    'SELECT MAX(last_crawl_date) AS d FROM crawl_log WHERE group_id = $1',
    [1],
  );
  const all = monitoringQueries(server.server.app.deps.config.current(), String(last!.d));
  const dated = all.filter((q) => q.params.start_date && q.params.start_date !== '-1');
  kpis = dated.filter((q) => queryShowsPrevious(q.ctx.screen, q.ctx.query.id));
  others = dated.filter((q) => !queryShowsPrevious(q.ctx.screen, q.ctx.query.id));
  demo = await signIn(server);
}, 180_000);

afterAll(async () => {
  await server?.close();
});

const tileMeasures = (q: MonitoringQuery) =>
  q.ctx.screen.widgets.flatMap((w) =>
    w.kind === 'kpiTiles' && w.query === q.ctx.query.id ? w.tiles.map((t) => t.measure) : [],
  );

/** Equal, but a double sum may differ in its last bits: the warehouse adds in parallel, in any order. */
function sameValue(a: unknown, b: unknown, what: string): void {
  if (typeof a === 'number' && typeof b === 'number' && !Number.isInteger(a))
    expect(Math.abs(a - b), what).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(b)));
  else expect(a, what).toEqual(b);
}

describe('previous period of KPI tiles', () => {
  it('equals the same query over the picked previous dates, for every tile of every screen', async () => {
    expect(kpis.length).toBeGreaterThan(40);
    let tiles = 0;
    for (const q of kpis) {
      const now = await demo.get<QueryResult>(q.endpoint, q.params);
      expect(now.body.statusCode, `${q.endpoint}: ${now.body.msg}`).toBe(1);
      const previous = now.body.data!.previous!;
      const period = previousPeriodOf(q.params.start_date!, q.params.end_date!);
      expect({ start: previous.start, end: previous.end }, q.endpoint).toEqual(period);
      const picked = await demo.get<QueryResult>(q.endpoint, {
        ...q.params,
        start_date: period.start,
        end_date: period.end,
      });
      const row = picked.body.data!.rows[0] ?? {};
      for (const m of tileMeasures(q)) {
        sameValue(previous.rows[0]?.[m], row[m], `${q.endpoint} ${m}`);
        tiles++;
      }
    }
    expect(tiles).toBeGreaterThan(150);
  }, 600_000);

  it('grids and charts answer no previous period (they do not pay for it)', async () => {
    const sample = others.filter((_, i) => i % 10 === 0);
    expect(sample.length).toBeGreaterThan(5);
    for (const q of sample) {
      const res = await demo.get<QueryResult>(q.endpoint, q.params);
      expect(res.body.data?.previous, q.endpoint).toBeUndefined();
    }
  }, 120_000);
});
