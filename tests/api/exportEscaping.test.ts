/**
 * "Tests that bite": every formula lead (= + - @, tab, CR) in exported text is escaped, tested
 * through the HTTP export route (whatever the export's internals become), on the real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startTestServer, type TestServer } from './support/testServer.js';
import { signIn } from './support/signIn.js';
import type { ApiClient } from './support/apiClient.js';
import { monitoringQueries } from '../../scripts/bench/monitoringQueries.js';

let server: TestServer;
let demo: ApiClient;
// Listed here, apart from the product's list, so dropping a lead there fails this test.
const LEADS = ['=', '+', '-', '@', '\t', '\r'];
const NAMES = LEADS.map((lead, i) => `${lead}HYPERLINK("http://evil.test/${i}")`);

beforeAll(async () => {
  server = await startTestServer();
  const wh = server.server.app.deps.warehouse;
  const products = await wh.query<{ product_id: number }>(
    'SELECT product_id FROM dim_product WHERE group_id = 1 ORDER BY product_id LIMIT $1',
    [NAMES.length],
  );
  for (const [i, p] of products.entries())
    await wh.query('UPDATE dim_product SET sku_name = $1 WHERE product_id = $2', [NAMES[i], p.product_id]);
  demo = await signIn(server);
}, 180_000);

afterAll(() => server?.close());

describe('export escaping', () => {
  it('every formula lead in a text cell reaches the xlsx quoted, as text', async () => {
    const [last] = await server.server.app.deps.warehouse.query<{ d: string }>(
      'SELECT MAX(last_crawl_date) AS d FROM crawl_log WHERE group_id = $1',
      [1],
    );
    const queries = monitoringQueries(server.server.app.deps.config.current(), String(last!.d));
    const grid = queries.find((q) => q.screenKey === 'products/data' && q.ctx.query.export);
    expect(grid, 'an exportable products grid').toBeDefined();
    const { limit: _limit, ...params } = grid!.params;
    const res = await demo.raw('GET', `${grid!.endpoint}/export?${new URLSearchParams(params).toString()}`);
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(res.bytes) as unknown as ArrayBuffer);
    const texts: string[] = [];
    book.worksheets[0]!.eachRow((row) =>
      row.eachCell((cell) => {
        if (typeof cell.value === 'string') texts.push(cell.value);
        expect(cell.type, JSON.stringify(cell.value)).not.toBe(ExcelJS.ValueType.Formula);
      }),
    );
    // XML turns a stored CR into LF when the file is read: compare with that applied.
    for (const name of NAMES.map((n) => n.replace(/\r/g, '\n'))) {
      expect(texts).toContain(`'${name}`);
      expect(texts).not.toContain(name);
    }
  });

  it('the CSV export beside it carries the same rows, every formula lead quoted as text', async () => {
    const [last] = await server.server.app.deps.warehouse.query<{ d: string }>(
      'SELECT MAX(last_crawl_date) AS d FROM crawl_log WHERE group_id = $1',
      [1],
    );
    const queries = monitoringQueries(server.server.app.deps.config.current(), String(last!.d));
    const grid = queries.find((q) => q.screenKey === 'products/data' && q.ctx.query.export)!;
    const { limit: _limit, ...params } = grid.params;
    const res = await demo.raw(
      'GET',
      `${grid.endpoint}/export?${new URLSearchParams({ ...params, format: 'csv' }).toString()}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/\.csv"$/);
    const text = Buffer.from(res.bytes).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    for (const name of NAMES) {
      // Every name holds quotes, so its cell is quoted (RFC 4180), its lead escaped inside.
      const quoted = name.replace(/"/g, '""');
      expect(text).toContain(`"'${quoted}"`);
      expect(text).not.toContain(`"${quoted}"`);
    }
    const bad = await demo.raw('GET', `${grid.endpoint}/export?format=pdf`);
    expect(bad.status).toBe(400);
  });
});
