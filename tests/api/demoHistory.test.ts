/**
 * The demo's 13 months of market history, over HTTP on the real server (the one API test that
 * builds the full default history; the others lower DEMO_DAYS): the year presets and "same period
 * last year" answer from real days, and the market moves as an analyst expects of India
 * (festive sale weeks, summer drinks, launches part-way through the year).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/server/demo/warehouse/calendar.js';
import { datePresetRange } from '../../src/shared/filters/datePresets.js';
import { loadEnv } from '../../src/server/platform/settings/env.js';
import type { QueryResult } from '../../src/shared/screenApi.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

let server: TestServer;
let demo: ApiClient;
let end: string;

const DAYS = loadEnv({}).DEMO_DAYS;

beforeAll(async () => {
  server = await startTestServer({ DEMO_SKUS: '20', DEMO_DAYS: String(DAYS), RESULT_CACHE_MB: '0' });
  const [last] = await server.server.app.deps.warehouse.query<{ d: string }>(
    'SELECT CAST(MAX(last_crawl_date) AS VARCHAR) AS d FROM crawl_log WHERE group_id = $1',
    [1],
  );
  end = String(last!.d);
  demo = await signIn(server);
}, 600_000);

afterAll(async () => {
  await server?.close();
});

const sql = <T>(text: string) => server.server.app.deps.warehouse.query<T>(text, [1]);

describe('the demo tenant holds 13 months of daily history', () => {
  it('is the product default, day by day from 13 months ago', async () => {
    expect(DAYS).toBe(396);
    const [span] = await sql<{ first: string; days: number }>(
      'SELECT CAST(MIN(crawl_date) AS VARCHAR) AS first, COUNT(DISTINCT crawl_date) AS days FROM fact_stock WHERE group_id = $1',
    );
    expect(span).toEqual({ first: addDays(end, 1 - DAYS), days: DAYS });
  });

  it('answers "Last 3 months", "Last 6 months" and "Last 1 year" from every day of the range', async () => {
    for (const preset of ['last_3_month', 'last_6_month', 'last_1_year'] as const) {
      const range = datePresetRange(preset, end);
      const res = await demo.get<QueryResult>('trend/stock/status', {
        start_date: range.start_date,
        end_date: range.end_date,
      });
      expect(res.body.statusCode, `${preset}: ${res.body.msg}`).toBe(1);
      const dates = new Set(res.body.data!.rows.map((r) => String(r.crawl_date)));
      const expected =
        Math.round((Date.parse(range.end_date) - Date.parse(range.start_date)) / 86_400_000) + 1;
      expect(dates.size, preset).toBe(expected);
    }
  });

  it('compares the last 7 days with the same days last year', async () => {
    const res = await demo.get<QueryResult>('sales/kpi/stats', {
      start_date: addDays(end, -6),
      end_date: end,
      compare_to: 'last_year',
    });
    expect(res.body.statusCode, res.body.msg).toBe(1);
    const previous = res.body.data!.previous!;
    expect(previous.noData).toBeUndefined();
    expect(Number(previous.rows[0]?.revenue)).toBeGreaterThan(0);
  });
});

describe('the history moves like the Indian market', () => {
  it('peaks in the festive sale weeks: the busiest week sells far above the usual one', async () => {
    const weeks = await sql<{ units: number }>(
      `SELECT SUM(units) AS units FROM fact_sales WHERE group_id = $1
       GROUP BY CAST((sale_date - DATE '2000-01-03') / 7 AS INTEGER) HAVING COUNT(DISTINCT sale_date) = 7`,
    );
    const units = weeks.map((w) => Number(w.units)).sort((a, b) => a - b);
    const median = units[Math.floor(units.length / 2)]!;
    expect(units.at(-1)! / median).toBeGreaterThan(1.4);
  });

  it('sells cold drinks in summer: May above December', async () => {
    const [row] = await sql<{ may: number; dec: number }>(
      `SELECT AVG(CASE WHEN EXTRACT(MONTH FROM sale_date) = 5 THEN units END) AS may,
              AVG(CASE WHEN EXTRACT(MONTH FROM sale_date) = 12 THEN units END) AS dec
       FROM fact_sales s JOIN dim_category c ON c.category_id = s.category_id
       WHERE s.group_id = $1 AND c.category_name = 'Soft Drinks'`,
    );
    expect(Number(row!.may) / Number(row!.dec)).toBeGreaterThan(1.3);
  });

  it('launches products part-way: no rows before the launch date, rows from it on', async () => {
    const launched = await sql<{ product_id: number; launch: string; first: string }>(
      `SELECT p.product_id, CAST(p.launch_date AS VARCHAR) AS launch, CAST(MIN(s.crawl_date) AS VARCHAR) AS first
       FROM dim_product p JOIN fact_stock s ON s.product_id = p.product_id AND s.group_id = p.group_id
       WHERE p.group_id = $1 GROUP BY p.product_id, p.launch_date
       HAVING MIN(s.crawl_date) > (SELECT MIN(crawl_date) FROM fact_stock WHERE group_id = $1)`,
    );
    expect(launched.length).toBeGreaterThan(0);
    for (const p of launched) expect(p.first, `product ${p.product_id}`).toBe(p.launch);
  });
});
