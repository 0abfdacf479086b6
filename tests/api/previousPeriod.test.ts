/**
 * KPI tiles' previous period over HTTP on the real server and demo tenant: for every KPI query of
 * every screen, the `previous` the data call answers equals what the same endpoint answers when
 * the user picks those dates. The result cache is off, so each answer is computed afresh.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitoringQueries, type MonitoringQuery } from '../../scripts/bench/monitoringQueries.js';
import {
  chartOverlaysPrevious,
  gridChangeMeasures,
  lastYearOf,
  previousPeriodOf,
  queryShowsPrevious,
} from '../../src/shared/insights/previousPeriod.js';
import { previousField } from '../../src/shared/compareFields.js';
import type { QueryResult } from '../../src/shared/screenApi.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

let server: TestServer;
let demo: ApiClient;
let kpis: MonitoringQuery[];
let others: MonitoringQuery[];
let grids: MonitoringQuery[];
let charts: MonitoringQuery[];

beforeAll(async () => {
  server = await startTestServer({ RESULT_CACHE_MB: '0' });
  const [last] = await server.server.app.deps.warehouse.query<{ d: string }>(
    'SELECT MAX(last_crawl_date) AS d FROM crawl_log WHERE group_id = $1',
    [1],
  );
  const all = monitoringQueries(server.server.app.deps.config.current(), String(last!.d));
  const dated = all.filter((q) => q.params.start_date && q.params.start_date !== '-1');
  kpis = dated.filter((q) => queryShowsPrevious(q.ctx.screen, q.ctx.query.id));
  grids = dated.filter((q) => gridChangeMeasures(q.ctx.screen, q.ctx.query.id).length > 0);
  charts = dated.filter((q) => chartOverlaysPrevious(q.ctx.screen, q.ctx.query.id));
  others = dated.filter(
    (q) => !queryShowsPrevious(q.ctx.screen, q.ctx.query.id) && !grids.includes(q) && !charts.includes(q),
  );
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

  it('grids and charts without change columns or overlay answer no previous period (they do not pay for it)', async () => {
    const sample = others.filter((_, i) => i % 10 === 0);
    expect(sample.length).toBeGreaterThan(5);
    for (const q of sample) {
      const res = await demo.get<QueryResult>(q.endpoint, q.params);
      expect(res.body.data?.previous, q.endpoint).toBeUndefined();
    }
  }, 120_000);

  it("grids' change columns: each member's previous value is what the grid shows for it over the previous dates", async () => {
    expect(grids.length).toBeGreaterThanOrEqual(5);
    let members = 0;
    for (const q of grids) {
      const keys = q.ctx.query.groupBy!;
      const measures = gridChangeMeasures(q.ctx.screen, q.ctx.query.id);
      const now = await demo.get<QueryResult>(q.endpoint, q.params);
      expect(now.body.statusCode, `${q.endpoint}: ${now.body.msg}`).toBe(1);
      const period = previousPeriodOf(q.params.start_date!, q.params.end_date!);
      expect(now.body.data!.previous).toMatchObject({ ...period, to: 'previous', rows: [] });
      // The grid over the previous dates, every member (one page of the most rows).
      const then = await demo.get<QueryResult>(q.endpoint, {
        ...q.params,
        start_date: period.start,
        end_date: period.end,
        limit: '500',
      });
      expect(then.body.data!.total, q.endpoint).toBeLessThanOrEqual(500);
      const member = (r: Record<string, unknown>) => JSON.stringify(keys.map((k) => r[k]));
      const before = new Map(then.body.data!.rows.map((r) => [member(r), r]));
      for (const row of now.body.data!.rows) {
        const old = before.get(member(row));
        for (const m of measures)
          sameValue(row[previousField(m)], old ? old[m] : null, `${q.endpoint} ${member(row)} ${m}`);
        members++;
      }
    }
    expect(members).toBeGreaterThan(20);
  }, 300_000);

  it('a member present in one period only gets an empty previous, never a 0', async () => {
    // The sales grid by brand over one day, against the day before: a brand filtered in by the
    // request on a day it sold nothing before has no previous row.
    const q = grids.find((g) => g.endpoint === 'sales/kpi/brands')!;
    const end = q.params.end_date!;
    const now = await demo.get<QueryResult>(q.endpoint, { ...q.params, start_date: end, limit: '500' });
    const period = previousPeriodOf(end, end);
    const then = await demo.get<QueryResult>(q.endpoint, {
      ...q.params,
      start_date: period.start,
      end_date: period.end,
      limit: '500',
    });
    const had = new Set(then.body.data!.rows.map((r) => r.brand_id));
    for (const row of now.body.data!.rows)
      if (!had.has(row.brand_id)) expect(row[previousField('revenue')], String(row.brand_id)).toBeNull();
      else expect(row[previousField('revenue')]).not.toBeNull();
  });

  it("charts' previous period: the previous dates' points, each moved onto the current date as far on", async () => {
    expect(charts.length).toBeGreaterThanOrEqual(5);
    let points = 0;
    for (const q of charts) {
      const date = q.ctx.query.groupBy!.find((k) => q.ctx.dataset.dimensions.get(k)?.type === 'date')!;
      const now = await demo.get<QueryResult>(q.endpoint, q.params);
      expect(now.body.statusCode, `${q.endpoint}: ${now.body.msg}`).toBe(1);
      const period = previousPeriodOf(q.params.start_date!, q.params.end_date!);
      const then = await demo.get<QueryResult>(q.endpoint, {
        ...q.params,
        start_date: period.start,
        end_date: period.end,
      });
      const shift = (d: string) => dayShift(d, q.params.start_date!, period.start);
      const others = q.ctx.query.groupBy!.filter((k) => k !== date);
      const at = (r: Record<string, unknown>, d: unknown) => JSON.stringify([d, ...others.map((k) => r[k])]);
      const before = new Map(then.body.data!.rows.map((r) => [at(r, shift(String(r[date]))), r]));
      const seen = new Set(now.body.data!.rows.map((r) => at(r, r[date])));
      for (const row of now.body.data!.rows) {
        expect(String(row[date]) >= q.params.start_date! && String(row[date]) <= q.params.end_date!).toBe(
          true,
        );
        const old = before.get(at(row, row[date]));
        for (const m of q.ctx.query.measures)
          sameValue(row[previousField(m)], old ? old[m] : null, `${q.endpoint} ${String(row[date])} ${m}`);
        points++;
      }
      // Every previous point is drawn: on a current row, or on a row of its own.
      for (const key of before.keys()) expect(seen.has(key), `${q.endpoint} ${key}`).toBe(true);
    }
    expect(points).toBeGreaterThan(50);
  }, 300_000);

  it('same period last year: the tiles compare with those dates, or say the warehouse holds none', async () => {
    const q = kpis.find((k) => k.endpoint === 'sales/kpi/stats')!;
    const [first] = await server.server.app.deps.warehouse.query<{ d: string }>(
      'SELECT CAST(MIN(sale_date) AS VARCHAR) AS d FROM v_sales WHERE group_id = $1',
      [1],
    );
    const now = await demo.get<QueryResult>(q.endpoint, { ...q.params, compare_to: 'last_year' });
    expect(now.body.statusCode, now.body.msg).toBe(1);
    const previous = now.body.data!.previous!;
    const period = lastYearOf(q.params.start_date!, q.params.end_date!);
    expect(previous).toMatchObject({ ...period, to: 'last_year' });
    const reaches = String(first!.d) <= period.end;
    expect(Boolean(previous.noData), `history from ${String(first!.d)}`).toBe(!reaches);
    // A window the demo's history reaches: a year after its first week, compared with that week.
    const start = plusYear(String(first!.d));
    const later = { start_date: start, end_date: dayShift(start, '2000-01-07', '2000-01-01') };
    const then = await demo.get<QueryResult>(q.endpoint, { ...q.params, ...later, compare_to: 'last_year' });
    expect(then.body.data!.previous!.noData).toBeUndefined();
    const year = lastYearOf(later.start_date, later.end_date);
    const picked = await demo.get<QueryResult>(q.endpoint, {
      ...q.params,
      start_date: year.start,
      end_date: year.end,
    });
    sameValue(then.body.data!.previous!.rows[0]?.revenue, picked.body.data!.rows[0]?.revenue, 'revenue');
    expect(picked.body.data!.rows[0]?.revenue).not.toBeNull();
    // "Why?" explains the same change: from last year's value the tile compares with.
    const why = await demo.get<{ previous: number; previousPeriod: { start: string } }>('insights/explain', {
      ...q.params,
      ...later,
      compare_to: 'last_year',
      screen: q.screenKey,
      query: q.ctx.query.id,
      measure: 'revenue',
      by: 'brand_id',
    });
    expect(why.body.statusCode, why.body.msg).toBe(1);
    expect(why.body.data!.previousPeriod.start).toBe(year.start);
    sameValue(why.body.data!.previous, picked.body.data!.rows[0]?.revenue, 'explained revenue last year');
  });

  it('refuses an unknown comparison', async () => {
    const q = kpis[0]!;
    const res = await demo.get<QueryResult>(q.endpoint, { ...q.params, compare_to: 'last_week' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('compare_to must be previous or last_year');
  });
});

function plusYear(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

/** `date` moved by the days from `from` to `to` (both 'YYYY-MM-DD'). */
function dayShift(date: string, to: string, from: string): string {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return new Date(Date.parse(`${date}T00:00:00Z`) + ms).toISOString().slice(0, 10);
}
