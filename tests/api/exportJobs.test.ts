/**
 * A grid export runs as a job off the request path. The file lands under DATA_DIR with
 * every row (no cap), a header block naming the screen, filters and dates, percent cells as
 * percent; it is listed and downloadable by its group only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { format } from 'ssf';
import { numberFormatOf } from '../../src/server/features/reports/cellFormats.js';
import { startTestServer, type TestServer } from './support/testServer.js';
import { signIn } from './support/signIn.js';
import type { ApiClient } from './support/apiClient.js';
import { monitoringQueries } from '../../scripts/bench/monitoringQueries.js';
import { exportContext } from '../../src/server/features/reports/exportContext.js';
import { parseDataRequest } from '../../src/server/language/query/dataRequest.js';
import { countScreenQuery } from '../../src/server/language/query/streamScreenQuery.js';
import { exportFinished } from './support/exportFinished.js';

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;
let params: Record<string, string>;

interface FileView {
  id: number;
  status: string;
  rows: number;
  percent: number;
  fileName: string;
}

beforeAll(async () => {
  server = await startTestServer();
  demo = await signIn(server);
  rival = await signIn(server, 'rival@shelfscope.test');
  const [last] = await server.server.app.deps.warehouse.query<{ d: string }>(
    'SELECT MAX(last_crawl_date) AS d FROM crawl_log WHERE group_id = $1',
    [1],
  );
  const queries = monitoringQueries(server.server.app.deps.config.current(), String(last!.d));
  const grid = queries.find((q) => q.screenKey === 'stock/data' && q.ctx.query.export)!;
  const { limit: _l, offset: _o, ...rest } = grid.params;
  params = rest;
}, 180_000);

afterAll(() => server?.close());

/** A format as exceljs reads it back: its reader drops the escapes of literal commas (\\, -> ,). */
const asRead = (fmt: string | undefined): string | undefined => fmt?.replace(/\\/g, '');

/** The MRP column (currency) of stock/data's export, 1-based as exceljs counts cells. */
function mrpColumn(headers: unknown[]): number {
  const i = headers.findIndex((h) => typeof h === 'string' && /^MRP/.test(h));
  expect(i).toBeGreaterThan(0);
  return i;
}

const finished = (client: ApiClient, id: number) => exportFinished<FileView>(client, id);

describe('export jobs', () => {
  it('runs as a job and leaves a complete, formatted xlsx the group can download', async () => {
    const started = await demo.post<FileView>('exports', { endpoint: 'stock/data/export', params });
    expect(started.status).toBe(200);
    expect(started.body.msg).toBe('File is being generated...');
    expect(started.body.data!.status).toBe('queued');
    const file = await finished(demo, started.body.data!.id);
    expect(file.status).toBe('ready');

    const ctx = exportContext(server.server.app.deps.config.current(), 'stock/data/export');
    const expected = await countScreenQuery(
      server.server.app.deps.warehouse,
      ctx,
      parseDataRequest(ctx, params),
      1,
    );
    expect(file.rows).toBe(expected);
    expect(expected).toBeGreaterThan(0);

    const res = await demo.raw('GET', `s3/file?id=${file.id}`);
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(res.bytes) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('Screen');
    expect(sheet.getCell('B1').value).toBe(ctx.screen.title);
    expect(sheet.getCell('A3').value).toBe('Date range');
    expect(sheet.getCell('B3').text).toContain(params.end_date ?? params.to ?? '');
    // 4 header lines, a blank row, the column headers, then one row per exported row.
    expect(sheet.actualRowCount).toBe(4 + 1 + expected);
    const headers = sheet.getRow(6).values as unknown[];
    const pctColumn = headers.findIndex((h) => typeof h === 'string' && /avail/i.test(h));
    expect(pctColumn).toBeGreaterThan(0);
    const cell = sheet.getRow(7).getCell(pctColumn);
    expect(cell.numFmt).toBe('0.0%');
    expect(typeof cell.value === 'number' && cell.value <= 1).toBe(true);
    // No number style sent: the default (international, the spec's), as the screen shows it.
    const mrp = sheet.getRow(7).getCell(mrpColumn(headers));
    expect(mrp.numFmt).toBe(asRead(numberFormatOf('currency', 'international')));
    expect(format(mrp.numFmt, 12480.5)).toBe('12,481');

    const list = await demo.get<FileView[]>('s3/data/list');
    expect(list.body.data!.map((f) => f.id)).toContain(file.id);
  });

  it("the workbook groups digits in the user menu's number style (Indian lakhs and crores)", async () => {
    const started = await demo.post<FileView>('exports', {
      endpoint: 'stock/data/export',
      params,
      numberStyle: 'indian',
    });
    expect(started.status).toBe(200);
    const file = await finished(demo, started.body.data!.id);
    expect(file.status).toBe('ready');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      Buffer.from((await demo.raw('GET', `s3/file?id=${file.id}`)).bytes) as unknown as ArrayBuffer,
    );
    const sheet = book.worksheets[0]!;
    const mrp = sheet.getRow(7).getCell(mrpColumn(sheet.getRow(6).values as unknown[]));
    expect(mrp.numFmt).toBe(asRead(numberFormatOf('currency', 'indian')));
    expect((await demo.post('exports', { endpoint: 'stock/data/export', numberStyle: 'roman' })).status).toBe(
      400,
    );
  });

  it('another group neither lists nor downloads the file', async () => {
    const started = await demo.post<FileView>('exports', {
      endpoint: 'stock/data/export',
      params,
      format: 'csv',
    });
    const file = await finished(demo, started.body.data!.id);
    expect(file.status).toBe('ready');
    const csv = await demo.raw('GET', `s3/file?id=${file.id}`);
    expect(csv.status).toBe(200);
    expect(Buffer.from(csv.bytes).toString('utf8')).toMatch(/^Screen,/);
    expect((await rival.raw('GET', `s3/file?id=${file.id}`)).status).toBe(404);
    expect((await rival.get(`exports/${file.id}`)).status).toBe(404);
    const list = await rival.get<FileView[]>('s3/data/list');
    expect(list.body.data!.map((f) => f.id)).not.toContain(file.id);
  });

  it('refuses an unknown endpoint and a bad format with 400/404, never 500', async () => {
    expect((await demo.post('exports', { endpoint: 'stock/data/export', format: 'pdf' })).status).toBe(400);
    expect((await demo.post('exports', { endpoint: 'no/such/export' })).status).toBe(404);
    expect((await demo.post('exports', { endpoint: '../../etc' })).status).toBe(400);
  });
});
