/**
 * Bad files against the real server: each file is refused with a 400 and a clear
 * message (never a 500), in bounded memory, and changes nothing. The server reads a copy of
 * screens/ whose channel sales upload also takes .csv and has small size and row limits, so
 * the limits are reached with small files; the pipeline is the same for every declaration.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
let screensDir: string;
let sku: string;
const MAX_ROWS = 2000;

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const OLE2 = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]);

const factCount = async () => {
  const [row] = await server.server.app.deps.warehouse.query<{ n: number }>(
    'SELECT COUNT(*)::INTEGER AS n FROM fact_sales',
  );
  return row!.n;
};

const csv = (rows: unknown[][]) =>
  Buffer.from([SALES_HEADER.join(','), ...rows.map((r) => r.join(','))].join('\n'));

/** An xlsx whose one sheet inflates to `bytes` of blanks: a few hundred KB on the wire. */
async function zipBomb(bytes: number): Promise<Buffer> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (c: Buffer) => parts.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const chunk = Buffer.alloc(1 << 20, 0x20);
  let crc = 0;
  for (let left = bytes; left > 0; left -= chunk.length) {
    const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
    crc = zlib.crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return zipOf([
    { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>'), stored: true },
    { name: 'xl/worksheets/sheet1.xml', deflated: Buffer.concat(parts), size: bytes, crc },
  ]);
}

type Entry =
  | { name: string; data: Buffer; stored: true }
  | { name: string; deflated: Buffer; size: number; crc: number };

/** A minimal zip writer (local headers + central directory), enough for the guard to read. */
function zipOf(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const body = 'stored' in e ? e.data : e.deflated;
    const size = 'stored' in e ? e.data.length : e.size;
    const crc = 'stored' in e ? zlib.crc32(e.data) : e.crc;
    const method = 'stored' in e ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

beforeAll(async () => {
  screensDir = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-upload-screens-'));
  cpSync('screens', screensDir, { recursive: true });
  const file = path.join(screensDir, 'sales', 'channelsales.screen.json');
  const screen = JSON.parse(readFileSync(file, 'utf8')) as { uploads: Record<string, unknown>[] };
  Object.assign(screen.uploads[0]!, { accept: ['.xlsx', '.xls', '.csv'], maxSizeMb: 1, maxRows: MAX_ROWS });
  writeFileSync(file, JSON.stringify(screen));
  server = await startTestServer({ SCREENS_DIR: screensDir });
  const [row] = await server.server.app.deps.warehouse.query<{ s: string }>(
    'SELECT MIN(sku_code) AS s FROM dim_product WHERE group_id = 1',
  );
  sku = row!.s;
  demo = await signIn(server);
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(screensDir, { recursive: true, force: true });
});

const refused = async (file: { name: string; type: string; bytes: Buffer }, message: string | RegExp) => {
  const before = await factCount();
  const answer = await uploadFile(demo, CHANNEL_SALES, file);
  expect(answer.status).toBe(400);
  if (typeof message === 'string') expect(answer.body.msg).toBe(message);
  else expect(answer.body.msg).toMatch(message);
  expect(await factCount()).toBe(before);
};

describe('bad files: 400 with a clear message, nothing changed', () => {
  it("wrong extension or MIME type: 'Invalid File'", async () => {
    await refused({ name: 'sales.txt', type: 'text/plain', bytes: csv([]) }, 'Invalid File');
    await refused(
      { name: 'sales.xlsx', type: 'image/png', bytes: await xlsxOf(SALES_HEADER, []) },
      'Invalid File',
    );
    await refused({ name: 'sales', type: XLSX_MIME, bytes: await xlsxOf(SALES_HEADER, []) }, 'Invalid File');
  });

  it("a renamed binary: 'Invalid File'", async () => {
    await refused({ name: 'sales.xlsx', type: XLSX_MIME, bytes: PNG }, 'Invalid File');
    await refused({ name: 'sales.csv', type: 'text/csv', bytes: PNG }, 'Invalid File');
    // A zip that is not a workbook.
    await refused(
      {
        name: 'sales.xlsx',
        type: XLSX_MIME,
        bytes: zipOf([{ name: 'a.txt', data: Buffer.from('hi'), stored: true }]),
      },
      'Invalid File',
    );
  });

  it('an Excel 97-2003 file asks for .xlsx', async () => {
    await refused(
      { name: 'sales.xls', type: 'application/vnd.ms-excel', bytes: OLE2 },
      'Excel 97-2003 (.xls) files cannot be read here; save the sheet as .xlsx (Excel Workbook) and upload it again.',
    );
  });

  it('an empty file, and a header without rows', async () => {
    await refused({ name: 'sales.csv', type: 'text/csv', bytes: Buffer.alloc(0) }, 'The file is empty.');
    await refused({ name: 'sales.xlsx', type: XLSX_MIME, bytes: Buffer.alloc(0) }, 'The file is empty.');
    await refused(
      { name: 'sales.csv', type: 'text/csv', bytes: csv([]) },
      'The file has no data rows under its header.',
    );
    await refused(
      { name: 'sales.xlsx', type: XLSX_MIME, bytes: await xlsxOf(SALES_HEADER, []) },
      'The file has no data rows under its header.',
    );
  });

  it("a CSV with a broken quote: 'Invalid File', not a 500", async () => {
    const bytes = (line: string) => Buffer.from(`${SALES_HEADER.join(',')}\n${line}\n`);
    // A quote never closed, and text after a closing quote.
    await refused(
      { name: 'sales.csv', type: 'text/csv', bytes: bytes(`Amazon,"2026-03-01,${sku},4,40`) },
      'Invalid File',
    );
    await refused(
      { name: 'sales.csv', type: 'text/csv', bytes: bytes(`"Amazon"x,2026-03-01,${sku},4,40`) },
      'Invalid File',
    );
  });

  it('a file over the size limit', async () => {
    const big = Buffer.alloc(1.5 * 1024 * 1024, 0x41);
    await refused({ name: 'sales.csv', type: 'text/csv', bytes: big }, 'The file is larger than 1 MB.');
  });

  it('a zip bomb is refused from its directory, in bounded memory', async () => {
    const bomb = await zipBomb(450 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const rss = process.memoryUsage().rss;
    await refused(
      { name: 'sales.xlsx', type: XLSX_MIME, bytes: bomb },
      'The file expands past 400 MB when unzipped; it is refused.',
    );
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * 1024 * 1024);
  });

  it('a sheet over the row limit stops reading at the limit', async () => {
    const rows = Array.from({ length: MAX_ROWS + 1 }, () => ['Amazon', '2026-03-01', sku, 1, 1]);
    await refused(
      { name: 'sales.csv', type: 'text/csv', bytes: csv(rows) },
      'The file has more than 2,000 rows; split it and upload again.',
    );
    await refused(
      { name: 'sales.xlsx', type: XLSX_MIME, bytes: await xlsxOf(SALES_HEADER, rows) },
      'The file has more than 2,000 rows; split it and upload again.',
    );
  });

  it('a header mismatch names the missing columns', async () => {
    const bytes = await xlsxOf(['Channel', 'Sale Date', 'SKU', 'Units'], [['Amazon', '2026-03-01', sku, 1]]);
    await refused(
      { name: 'sales.xlsx', type: XLSX_MIME, bytes },
      'The header does not match the template: missing columns SKU Code, Revenue.',
    );
  });

  it('formulas are read as their text, never evaluated', async () => {
    const bytes = await xlsxOf(SALES_HEADER, [
      ['Amazon', '2026-03-01', sku, { formula: 'SUM(1,2)', result: 3 }, 10],
      ['Amazon', '2026-03-02', { formula: 'CONCAT("A","B")', result: sku }, 1, 10],
    ]);
    const answer = await uploadFile(demo, CHANNEL_SALES, { name: 'sales.xlsx', type: XLSX_MIME, bytes });
    expect(answer.status).toBe(400);
    const errors = await demo.raw('GET', `${CHANNEL_SALES}/runs/${answer.body.data!.runId}/errors`);
    expect((await sheetRows(errors)).slice(1)).toEqual([
      [2, 'Units', "'=SUM(1,2)", 'Must be a whole number.'],
      [3, 'SKU Code', `'=CONCAT("A","B")`, 'Unknown SKU Code "=CONCAT("A","B")".'],
    ]);
    const text = await uploadFile(demo, CHANNEL_SALES, {
      name: 'sales.csv',
      type: 'text/csv',
      bytes: csv([['Amazon', '2026-03-01', sku, '=1+2', 1]]),
    });
    expect(text.status).toBe(400);
    expect(text.body.data!.errors).toEqual([
      { row: 2, column: 'Units', value: '=1+2', message: 'Must be a whole number.' },
    ]);
  });

  it('a request without a file', async () => {
    const before = await factCount();
    const response = await demo.post(CHANNEL_SALES, { file: 'no' });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('Choose a file to upload.');
    expect(await factCount()).toBe(before);
  });

  it('every refusal is in the history, none left running', async () => {
    const runs = await demo.get<{ status: string }[]>(`${CHANNEL_SALES}/runs`, { limit: 200 });
    const statuses = new Set(runs.body.data!.map((r) => r.status));
    expect([...statuses].sort()).toEqual(['refused', 'rejected']);
  });

  it('a good CSV still loads after all that', async () => {
    const answer = await uploadFile(demo, CHANNEL_SALES, {
      name: 'sales.csv',
      type: 'text/csv',
      bytes: csv([['Amazon', '2026-03-01', sku, 4, 40]]),
    });
    expect(answer.body.msg).toBe('1 row loaded.');
  });
});
