import Fastify, { type FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../access/auth/authContext.js';
import type { Deps } from '../../platform/deps.js';
import { loadEnv } from '../../platform/settings/env.js';
import { installErrorHandler } from '../../platform/http/errorHandler.js';
import { loadConfigRegistry } from '../../language/config/loadConfigRegistry.js';
import { copyStockScreens } from '../../language/config/testing/screensFixture.js';
import { createDuckDbWarehouse } from '../../platform/warehouse/duckdb/duckDbWarehouse.js';
import { loadStockFixture } from '../../language/query/testing/stockFixture.js';
import { dataPlugin } from './dataPlugin.js';
import { writingDays } from '../../platform/warehouse/writeScope.js';

let app: FastifyInstance;
let fixture: ReturnType<typeof copyStockScreens>;

/** The auth plugin is another part: here a header stands in for the session it would resolve. */
function fakeAuth(header: string | undefined): AuthContext | null {
  if (!header) return null;
  const [group, activities] = header.split(':');
  return {
    sessionId: 's',
    userId: 1,
    groupId: Number(group),
    activities: new Set(activities!.split(',')),
    readMode: null,
  };
}

beforeAll(async () => {
  fixture = copyStockScreens();
  const warehouse = await createDuckDbWarehouse(':memory:');
  await loadStockFixture(warehouse);
  // A product name that a spreadsheet would run as a formula.
  await warehouse.exec(
    `UPDATE dim_product SET sku_name = '=HYPERLINK("http://evil.test","x")' WHERE product_id = 1001`,
  );
  const config = await loadConfigRegistry(fixture.dir);
  app = Fastify({
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true } },
  });
  app.decorate('deps', { config, warehouse, env: loadEnv({}) } as unknown as Deps);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    request.auth = fakeAuth(request.headers['x-test-auth'] as string | undefined);
    await Promise.resolve();
  });
  installErrorHandler(app);
  await app.register(dataPlugin, { prefix: '/api/v1' });
  app.addHook('onClose', async () => {
    await config.close();
    await warehouse.close();
  });
});
afterAll(async () => {
  await app.close();
  fixture.remove();
});

const both = 'x-test-auth';
const get = (url: string, auth: string | undefined = '1:stock/kpi,stock/data') =>
  app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: auth ? { [both]: auth } : {} });

describe('data plugin', () => {
  it('answers a KPI endpoint from the config, in the session group', async () => {
    const res = await get('stock/products/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: 1,
      data: { total: 1, rows: [{ in_stock: 5, availability_pct: 62.5 }] },
    });
    const other = await get('stock/products/stats', '2:stock/kpi');
    expect(other.json()).toMatchObject({ data: { rows: [{ in_stock: 3 }] } });
  });

  it('caches answers per group, and a warehouse load drops them', async () => {
    const stats = (group: number) => get('stock/products/stats?end_date=2099-12-31', `${group}:stock/kpi`);
    const rowsOf = (res: Awaited<ReturnType<typeof get>>) =>
      res.json<{ data: { rows: unknown[] } }>().data.rows;
    expect((await stats(2)).headers['x-cache']).toBe('miss');
    const cached = await stats(2);
    expect(cached.headers['x-cache']).toBe('hit');
    expect(rowsOf(cached)).toMatchObject([{ in_stock: 3 }]);
    // Same endpoint and parameters, other group: its own answer, never group 2's.
    const own = await stats(1);
    expect(own.headers['x-cache']).toBe('miss');
    expect(rowsOf(own)).toMatchObject([{ in_stock: 5 }]);
    await app.deps.warehouse.exec('DELETE FROM fact_stock WHERE group_id = 2');
    const afterLoad = await stats(2);
    expect(afterLoad.headers['x-cache']).toBe('miss');
    expect(rowsOf(afterLoad)).not.toMatchObject([{ in_stock: 3 }]);
  });

  it('keeps a comparison period cached across a crawl load of a later day, not of its own days', async () => {
    const wh = app.deps.warehouse;
    const day3 = (auth = '1:stock/kpi') =>
      get('stock/products/stats?start_date=2026-01-03&end_date=2026-01-03', auth);
    const answer = async (auth?: string) => {
      const res = await day3(auth);
      const body = res.json<{
        data: { rows: { in_stock: number }[]; previous: { rows: { in_stock: number }[] } };
      }>();
      return {
        now: body.data.rows[0]!.in_stock,
        before: body.data.previous.rows[0]!.in_stock,
        cache: res.headers['x-cache'],
      };
    };
    const setDay = (day: string, status: number) =>
      `UPDATE fact_stock SET stock_status = ${status} WHERE group_id = 1 AND crawl_date = '${day}'`;
    // Day 3: two listings in stock; day 2: one (Dove Soap on Flipkart).
    expect(await answer()).toMatchObject({ now: 2, before: 1 });
    // A load in a scope from day 3 on: day 3 is read again, day 2 is not. The scope here wrongly
    // leaves out a change to day 2, so a previous period read again would show it.
    await writingDays({ groupId: 1, from: '2026-01-03' }, async () => {
      await wh.exec(setDay('2026-01-03', 0));
      await wh.exec(setDay('2026-01-02', 1));
    });
    expect(await answer()).toMatchObject({ now: 0, before: 1 });
    // A load of another group's days leaves group 1's answer cached, whole.
    await writingDays({ groupId: 2, from: '2026-01-01' }, () =>
      wh.exec('UPDATE fact_stock SET stock_status = 1 WHERE group_id = 2'),
    );
    expect(await answer()).toMatchObject({ now: 0, before: 1, cache: 'hit' });
    // A load from day 2 on reads the comparison period again, as does a write outside any scope.
    await writingDays({ groupId: 1, from: '2026-01-02' }, () => wh.exec(setDay('2026-01-03', 1)));
    expect(await answer()).toMatchObject({ now: 3, before: 3 });
    await wh.exec(setDay('2026-01-02', 0));
    expect(await answer()).toMatchObject({ now: 3, before: 0 });
    // The fixture's statuses again, for the tests after this one.
    const flipkartDove = 'product_id = 1000 AND channel_id = 4';
    await wh.exec(setDay('2026-01-02', 0).replace('= 0', `= CASE WHEN ${flipkartDove} THEN 1 ELSE 0 END`));
    await wh.exec(setDay('2026-01-03', 0).replace('= 0', `= CASE WHEN ${flipkartDove} THEN 2 ELSE 1 END`));
    expect(await answer()).toMatchObject({ now: 2, before: 1 });
  });

  it('pages a grid endpoint with the total, filters applied', async () => {
    const res = await get('stock/data?limit=1&offset=0&order_by=sku_name&order_type=desc&channel_id=1');
    expect(res.json()).toMatchObject({
      data: { total: 2, rows: [{ sku_name: 'Dove Soap 100g', channel_name: 'Amazon' }] },
    });
  });

  it('still gives the total past the last page, of a grid and of a suggestion list', async () => {
    const grid = await get('stock/data?limit=1&offset=50&channel_id=1');
    expect(grid.json()).toMatchObject({ data: { total: 2, rows: [] } });
    const options = await get('suggestion/city?screenName=stock/kpi&prefix=&offset=50&staticSize=10');
    expect(options.json()).toMatchObject({ total: 2, data: { city: [] } });
  });

  it('answers 401 without a session, 403 outside the activities', async () => {
    expect((await get('stock/products/stats', '')).statusCode).toBe(401);
    const res = await get('stock/data', '1:stock/kpi');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 0, msg: 'Access denied to stock/data' });
  });

  it('answers 400 naming an unknown filter or sort field, and 404 for an unknown endpoint', async () => {
    const filter = await get('stock/data?colour=red');
    expect(filter.statusCode).toBe(400);
    expect(filter.json()).toMatchObject({ statusCode: 0, msg: 'Unknown filter field "colour"' });
    const sort = await get('stock/data?order_by=1;DROP%20TABLE%20fact_stock');
    expect(sort.json()).toMatchObject({ msg: 'Unknown sort field "1;DROP TABLE fact_stock"' });
    expect((await get('stock/nothing')).statusCode).toBe(404);
  });

  it('serves the resolved screen with the tabs the user may open and field metadata', async () => {
    const res = await get('config/screen?area=stock&screen=kpi', '1:stock/kpi');
    const data = res.json<{ data: Record<string, unknown> }>().data;
    expect(data).toMatchObject({
      id: 'kpi',
      permission: 'stock/kpi',
      tabs: [{ id: 'kpi', title: 'KPI', url: '/workspace/stock/kpi' }],
    });
    expect(data.measures).toContainEqual(
      expect.objectContaining({ id: 'availability_pct', label: 'Availability %', format: 'percent' }),
    );
    expect(data.dimensions).toContainEqual({ id: 'brand_name', label: 'Brand' });
    expect((await get('config/screen?area=stock&screen=data', '1:stock/kpi')).statusCode).toBe(403);
    expect((await get('config/screen?area=stock&screen=nope')).statusCode).toBe(404);
    expect((await get('config/screen?area=stock')).statusCode).toBe(400);
  });

  it('lists the areas the user may open', async () => {
    const res = await get('config/areas', '1:stock/data');
    expect(res.json()).toMatchObject({
      data: [{ id: 'stock', url: '/workspace/stock/data', tabs: [{ id: 'data' }] }],
    });
    expect((await get('config/areas', '1:price/kpi')).json()).toMatchObject({ data: [] });
  });

  it('serves suggestions in the spec shape, narrowed by dependsOn', async () => {
    const res = await get(
      'suggestion/city?screenName=stock/kpi&channel_id=4&prefix=&offset=0&staticSize=10&attr_type_id=0',
    );
    expect(res.json()).toEqual({
      statusCode: 1,
      msg: 'Success',
      total: 1,
      data: { city: [{ key: 11, name: 'Delhi' }] },
    });
    expect((await get('suggestion/city?screenName=stock/data', '1:stock/kpi')).statusCode).toBe(403);
    expect((await get('suggestion/city')).statusCode).toBe(400);
  });

  it('exports a grid as xlsx with the filters applied and no cell a formula', async () => {
    const res = await get('stock/data/export?channel_id=1&order_by=sku_name&order_type=desc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Product');
    expect(sheet.rowCount).toBe(3);
    const cell = sheet.getRow(3).getCell(2);
    expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
    expect(cell.value).toBe(`'=HYPERLINK("http://evil.test","x")`);
  });

  it('no query string gives anything but 200 or 400 (never a 500)', async () => {
    const keys = fc.oneof(
      fc.constantFrom(
        'channel_id',
        'brand_id',
        'city_zone_id',
        'stock_status',
        'start_date',
        'end_date',
        'limit',
        'offset',
        'order_by',
        'order_type',
      ),
      fc.string({ minLength: 1, maxLength: 12 }),
    );
    const values = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('1,4', '-1', '2026-01-02', 'sku_name', 'asc', '0', '99999999999'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('stock/data', 'stock/products/stats', 'suggestion/brand?screenName=stock/kpi&x=1'),
        fc.dictionary(keys, values, { maxKeys: 5 }),
        async (path, params) => {
          const qs = new URLSearchParams(params).toString();
          const res = await get(`${path}${path.includes('?') ? '&' : '?'}${qs}`);
          expect([200, 400]).toContain(res.statusCode);
          expect(res.json<{ statusCode: number }>().statusCode).toBe(res.statusCode === 200 ? 1 : 0);
        },
      ),
      { numRuns: 150 },
    );
  });
});
