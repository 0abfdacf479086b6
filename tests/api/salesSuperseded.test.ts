/**
 * v_sales reads the stored fact_sales.is_superseded instead of a NOT EXISTS over every
 * reported row. After a channel sales upload, a re-upload of the slice and its delete, the view
 * holds exactly the rows the old definition gave, and the flag equals its EXISTS definition on
 * every row. Runs on both engines (API_TEST_PG=1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPERSEDED_EXISTS } from '../../src/server/platform/warehouse/schema/salesSuperseded.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';
import { CHANNEL_SALES, SALES_HEADER, uploadFile, XLSX_MIME, xlsxOf } from './support/uploadClient.js';

/** v_sales as it was defined before the stored flag (the NOT EXISTS form views.ts once had). */
const OLD_V_SALES = `SELECT s.group_id, s.sale_date, s.channel_id, s.product_id, s.brand_id, s.category_id,
    s.is_competitor, s.units, s.revenue, s.is_estimate
  FROM fact_sales s
  WHERE s.is_estimate = 0 OR NOT ${SUPERSEDED_EXISTS}`;

let server: TestServer;
let demo: ApiClient;
/** Three estimated (competitor) sales of one channel and month: [channel name, day, SKU]. */
let estimates: [string, string, string][];
let channelId: number;
let month: string;

const query = <T>(sql: string, params: unknown[] = []) =>
  server.server.app.deps.warehouse.query<T>(sql, params);

/** Rows in one of v_sales and the old definition but not the other (multiset difference). */
async function difference(): Promise<number> {
  const [row] = await query<{ n: number }>(
    `SELECT COUNT(*)::INTEGER AS n FROM (
       (SELECT * FROM v_sales EXCEPT ALL SELECT * FROM (${OLD_V_SALES}) o)
       UNION ALL
       (SELECT * FROM (${OLD_V_SALES}) o EXCEPT ALL SELECT * FROM v_sales)) d`,
  );
  return row!.n;
}

/** Rows whose stored flag is not its definition. */
async function wrongFlags(): Promise<number> {
  const [row] = await query<{ n: number }>(
    `SELECT COUNT(*)::INTEGER AS n FROM fact_sales s
     WHERE s.is_superseded <> CASE WHEN s.is_estimate = 1 AND ${SUPERSEDED_EXISTS} THEN 1 ELSE 0 END`,
  );
  return row!.n;
}

async function hidden(): Promise<number> {
  const [row] = await query<{ n: number }>(
    'SELECT COUNT(*)::INTEGER AS n FROM fact_sales WHERE is_superseded = 1',
  );
  return row!.n;
}

const upload = async (rows: unknown[][]) =>
  uploadFile(demo, CHANNEL_SALES, {
    name: 'sales.xlsx',
    type: XLSX_MIME,
    bytes: await xlsxOf(SALES_HEADER, rows),
  });

beforeAll(async () => {
  server = await startTestServer();
  demo = await signIn(server);
  // The latest channel-month of the demo's estimated (competitor) sales of Demo Brands.
  const [latest] = await query<{ ch: number; m: string }>(
    `SELECT channel_id AS ch, SUBSTRING(CAST(MAX(sale_date) AS VARCHAR), 1, 7) AS m FROM fact_sales
     WHERE group_id = 1 AND is_estimate = 1 GROUP BY channel_id ORDER BY channel_id LIMIT 1`,
  );
  channelId = latest!.ch;
  month = latest!.m;
  estimates = (
    await query<{ c: string; d: string; sku: string }>(
      `SELECT c.channel_name AS c, CAST(s.sale_date AS VARCHAR) AS d, p.sku_code AS sku
       FROM fact_sales s
       JOIN dim_product p ON p.group_id = s.group_id AND p.product_id = s.product_id
       JOIN dim_channel c ON c.channel_id = s.channel_id
       WHERE s.group_id = 1 AND s.is_estimate = 1 AND s.channel_id = $1
         AND CAST(s.sale_date AS VARCHAR) LIKE $2
       ORDER BY s.sale_date, p.sku_code LIMIT 3`,
      [channelId, `${month}-%`],
    )
  ).map((r) => [r.c, r.d, r.sku]);
}, 300_000);

afterAll(async () => {
  await server?.close();
});

describe('v_sales over the stored is_superseded flag', () => {
  it('equals the NOT EXISTS definition on the demo data, where no estimate is superseded', async () => {
    expect(estimates).toHaveLength(3);
    expect(await hidden()).toBe(0);
    expect(await wrongFlags()).toBe(0);
    expect(await difference()).toBe(0);
  });

  it('an upload of reported sales hides exactly the estimates of their product, channel and day', async () => {
    const answer = await upload(estimates.map(([c, d, sku]) => [c, d, sku, 4, 40]));
    expect(answer.body.msg).toBe('3 rows loaded.');
    expect(await hidden()).toBe(3);
    expect(await wrongFlags()).toBe(0);
    expect(await difference()).toBe(0);
  });

  it('a re-upload of the slice replaces it exactly: a dropped row shows its estimate again', async () => {
    const answer = await upload([[...estimates[0]!, 5, 50]]);
    expect(answer.body.msg).toBe('1 row loaded.');
    expect(await hidden()).toBe(1);
    expect(await wrongFlags()).toBe(0);
    expect(await difference()).toBe(0);
  });

  it('deleting the slice shows its estimates again', async () => {
    const slice = JSON.stringify({ channel_id: channelId, sale_date: month });
    const deleted = await demo.raw('DELETE', `${CHANNEL_SALES}/slices?slice=${encodeURIComponent(slice)}`);
    expect(deleted.status).toBe(200);
    expect(await hidden()).toBe(0);
    expect(await wrongFlags()).toBe(0);
    expect(await difference()).toBe(0);
  });
});
