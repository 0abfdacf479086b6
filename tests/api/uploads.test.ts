/**
 * The upload pipeline end to end on the real server: template, a valid file loaded all
 * at once, a re-upload replacing exactly its channel x month, a file with bad rows changing
 * nothing and its error file naming each bad cell, history, slices, delete, and tenant isolation
 * (Rival Foods' upload never touches Demo Brands' rows). Runs on both engines (API_TEST_PG=1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';
import {
  CHANNEL_SALES,
  SALES_HEADER,
  sheetRows,
  uploadFile,
  XLSX_MIME,
  xlsxOf,
} from './support/uploadClient.js';

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;
let demoSkus: string[];
let rivalSkus: string[];

const MONTH = '2026-01';
const reported = async (groupId: number, where = '') => {
  const [row] = await server.server.app.deps.warehouse.query<{ n: number; units: number }>(
    `SELECT COUNT(*)::INTEGER AS n, COALESCE(SUM(units), 0)::INTEGER AS units FROM fact_sales
     WHERE group_id = $1 AND is_estimate = 0 ${where}`,
    [groupId],
  );
  return row!;
};
const inMonth = (month: string) => `AND CAST(sale_date AS VARCHAR) LIKE '${month}-%'`;
const file = async (rows: unknown[][]) => ({
  name: 'sales.xlsx',
  type: XLSX_MIME,
  bytes: await xlsxOf(SALES_HEADER, rows),
});

beforeAll(async () => {
  server = await startTestServer();
  const wh = server.server.app.deps.warehouse;
  const skus = async (g: number) =>
    (
      await wh.query<{ s: string }>(
        'SELECT sku_code AS s FROM dim_product WHERE group_id = $1 ORDER BY 1 LIMIT 3',
        [g],
      )
    ).map((r) => r.s);
  demoSkus = await skus(1);
  rivalSkus = await skus(2);
  demo = await signIn(server);
  rival = await signIn(server, DEMO_USERS.rival);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('channel sales upload', () => {
  it('serves the template generated from the declaration', async () => {
    const response = await demo.raw('GET', `${CHANNEL_SALES}/template`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(await sheetRows(response)).toEqual([[...SALES_HEADER]]);
  });

  it('loads a valid file in one go and lists its slice', async () => {
    const before = await reported(1, inMonth(MONTH));
    const rows = [
      ['Amazon', `${MONTH}-05`, demoSkus[0], 10, 100.5],
      ['amazon', `${MONTH}-06`, demoSkus[1], 20, 200],
      ['Flipkart', `${MONTH}-06`, demoSkus[0], 5, 50],
    ];
    const answer = await uploadFile(demo, CHANNEL_SALES, await file(rows));
    expect(answer.body.msg).toBe('3 rows loaded.');
    expect(answer.status).toBe(200);
    const after = await reported(1, inMonth(MONTH));
    expect(after.n - before.n).toBe(3);
    const slices = await demo.get<{ labels: Record<string, string>; rows: number }[]>(
      `${CHANNEL_SALES}/slices`,
    );
    const labels = slices.body
      .data!.map((s) => `${s.labels.channel_id} ${s.labels.sale_date} ${s.rows}`)
      .sort();
    expect(labels).toEqual([`Amazon ${MONTH} 2`, `Flipkart ${MONTH} 1`]);
  });

  it('replaces exactly the re-uploaded channel x month', async () => {
    const flipkartBefore = await reported(1, `AND channel_id = 4 ${inMonth(MONTH)}`);
    const answer = await uploadFile(
      demo,
      CHANNEL_SALES,
      await file([['Amazon', `${MONTH}-20`, demoSkus[2], 7, 70]]),
    );
    expect(answer.status).toBe(200);
    const amazon = await reported(1, `AND channel_id = 1 ${inMonth(MONTH)}`);
    expect(amazon).toEqual({ n: 1, units: 7 });
    expect(await reported(1, `AND channel_id = 4 ${inMonth(MONTH)}`)).toEqual(flipkartBefore);
  });

  it('the Sales data screen shows the uploaded units beside the estimated ones', async () => {
    const answer = await demo.get<{ rows: Record<string, unknown>[] }>(
      `sales/data?start_date=${MONTH}-01&end_date=${MONTH}-31&channel_id=1`,
    );
    const row = answer.body.data!.rows.find((r) => r.sku_code === demoSkus[2]);
    expect(row).toMatchObject({ units: 7, units_reported: 7, units_estimated: 0 });
  });

  it('rejects a file with bad rows whole, and its error file names each bad cell', async () => {
    const before = await reported(1);
    const rows = [
      ['Amazon', `${MONTH}-07`, demoSkus[0], 1, 1],
      ['Amazon', '2026-02-30', demoSkus[0], 'many', 1],
      ['Nowhere', `${MONTH}-07`, 'NO-SUCH-SKU', 1, -5],
    ];
    const answer = await uploadFile(demo, CHANNEL_SALES, await file(rows));
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe(
      '2 rows have errors; nothing was loaded. Download the error file to see them.',
    );
    expect(await reported(1)).toEqual(before);
    const errors = await demo.raw('GET', `${CHANNEL_SALES}/runs/${answer.body.data!.runId}/errors`);
    expect(await sheetRows(errors)).toEqual([
      ['Row', 'Column', 'Value', 'Message'],
      [3, 'Sale Date', '2026-02-30', 'Must be a date (YYYY-MM-DD).'],
      [3, 'Units', 'many', 'Must be a whole number.'],
      [4, 'Channel', 'Nowhere', 'Unknown Channel "Nowhere".'],
      [4, 'SKU Code', 'NO-SUCH-SKU', 'Unknown SKU Code "NO-SUCH-SKU".'],
      // A value with a formula lead is written quoted, so the error file never runs it (formulaEscape).
      [4, 'Revenue', "'-5", 'Must be at least 0.'],
    ]);
  });

  it('keeps the history: who, file, rows ok / failed, status', async () => {
    const runs = await demo.get<Record<string, unknown>[]>(`${CHANNEL_SALES}/runs`);
    expect(
      runs.body.data!.map((r) => [r.status, r.rows_ok, r.rows_failed, r.user_name, r.file_name]),
    ).toEqual([
      ['rejected', 1, 2, server.env.DEMO_USER, 'sales.xlsx'],
      ['loaded', 1, 0, server.env.DEMO_USER, 'sales.xlsx'],
      ['loaded', 3, 0, server.env.DEMO_USER, 'sales.xlsx'],
    ]);
  });

  it("another group's upload never touches this group's rows, nor can it name its SKUs", async () => {
    const demoBefore = await reported(1);
    const own = await uploadFile(
      rival,
      CHANNEL_SALES,
      await file([['Amazon', `${MONTH}-05`, rivalSkus[0], 3, 30]]),
    );
    expect(own.status).toBe(200);
    expect(await reported(1)).toEqual(demoBefore);
    expect(await reported(2, `AND channel_id = 1 ${inMonth(MONTH)}`)).toEqual({ n: 1, units: 3 });
    const foreign = await uploadFile(
      rival,
      CHANNEL_SALES,
      await file([['Amazon', `${MONTH}-05`, demoSkus[0], 3, 30]]),
    );
    expect(foreign.status).toBe(400);
    expect(await reported(1)).toEqual(demoBefore);
    const rivalSlices = await rival.get<unknown[]>(`${CHANNEL_SALES}/slices`);
    expect(rivalSlices.body.data).toHaveLength(1);
    const rivalRuns = await rival.get<{ id: number }[]>(`${CHANNEL_SALES}/runs`);
    expect(rivalRuns.body.data).toHaveLength(2);
    const demoRuns = await demo.get<{ id: number }[]>(`${CHANNEL_SALES}/runs`);
    const demoRun = demoRuns.body.data![0]!.id;
    expect((await rival.raw('GET', `${CHANNEL_SALES}/runs/${demoRun}/errors`)).status).toBe(404);
  });

  it('downloads a slice in the template shape and deletes it', async () => {
    const slice = JSON.stringify({ channel_id: 1, sale_date: MONTH });
    const download = await demo.raw(
      'GET',
      `${CHANNEL_SALES}/slices/download?slice=${encodeURIComponent(slice)}`,
    );
    expect(await sheetRows(download)).toEqual([
      [...SALES_HEADER],
      ['Amazon', `${MONTH}-20`, demoSkus[2], 7, 70],
    ]);
    const rivalDelete = await rival.raw(
      'DELETE',
      `${CHANNEL_SALES}/slices?slice=${encodeURIComponent(JSON.stringify({ channel_id: 4, sale_date: MONTH }))}`,
    );
    expect(rivalDelete.status).toBe(404);
    const deleted = await demo.raw('DELETE', `${CHANNEL_SALES}/slices?slice=${encodeURIComponent(slice)}`);
    expect(deleted.status).toBe(200);
    expect(await reported(1, `AND channel_id = 1 ${inMonth(MONTH)}`)).toEqual({ n: 0, units: 0 });
    expect((await reported(1, `AND channel_id = 4 ${inMonth(MONTH)}`)).n).toBe(1);
    expect(await reported(2, `AND channel_id = 1 ${inMonth(MONTH)}`)).toEqual({ n: 1, units: 3 });
  });
});

describe('SKU master upload (master/master_data): listings per channel', () => {
  const SKU_MASTER = 'uploads/master/master_data/skus';
  const header = ['Channel', 'SKU Code', 'Channel SKU Code', 'Product URL'];
  const listings = async (groupId: number, channelId: number) => {
    const [row] = await server.server.app.deps.warehouse.query<{ n: number }>(
      'SELECT COUNT(*)::INTEGER AS n FROM dim_listing WHERE group_id = $1 AND channel_id = $2',
      [groupId, channelId],
    );
    return row!.n;
  };

  it("replaces the group's listings of the channels in the file, and refuses a repeated key", async () => {
    const rivalAmazon = await listings(2, 1);
    const demoFlipkart = await listings(1, 4);
    const rows = [
      ['Amazon', demoSkus[0], 'B0TEST0001', 'https://example.test/1'],
      ['Amazon', demoSkus[1], 'B0TEST0002', 'https://example.test/2'],
    ];
    const loaded = await uploadFile(demo, SKU_MASTER, {
      name: 'skus.xlsx',
      type: XLSX_MIME,
      bytes: await xlsxOf(header, rows),
    });
    expect(loaded.body.msg).toBe('2 rows loaded.');
    expect(await listings(1, 1)).toBe(2);
    expect(await listings(1, 4)).toBe(demoFlipkart);
    expect(await listings(2, 1)).toBe(rivalAmazon);

    const repeated = [...rows, ['amazon', demoSkus[0], 'B0TEST0003', 'https://example.test/3']];
    const refused = await uploadFile(demo, SKU_MASTER, {
      name: 'skus.xlsx',
      type: XLSX_MIME,
      bytes: await xlsxOf(header, repeated),
    });
    expect(refused.status).toBe(400);
    // The key is the target's (product / channel), shown as the file writes it; rows are the sheet's.
    expect(refused.body.data!.errors).toEqual([
      { row: 4, column: 'SKU Code / Channel', value: `${demoSkus[0]} / amazon`, message: 'Repeats row 2.' },
    ]);
    expect(await listings(1, 1)).toBe(2);
  });
});
