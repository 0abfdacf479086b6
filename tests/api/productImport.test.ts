/**
 * The products data file and its import (the spec's `product/data/file and import`)
 * on products/data. The data file is the group's product list in the template's shape; the import
 * merges into `dim_product` by SKU Code (a known code updates its product in place, keeping its id
 * and so every fact that points at it; a new code adds a product), all or nothing, per-row
 * errors, scoped to the group. Runs on both engines (API_TEST_PG=1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';
import { sheetRows, uploadFile, XLSX_MIME, xlsxOf } from './support/uploadClient.js';

type Row = Record<string, unknown>;
const ROUTE = 'uploads/products/data/productData';
const HEADER = ['SKU Code', 'Product Name', 'Brand', 'Category', 'Pack Size', 'MRP', 'Status', 'Launch Date'];
const ALL_DATES = { start_date: '2000-01-01', end_date: '2099-12-31' };

describe('products data file and import', () => {
  let server: TestServer;
  let demo: ApiClient;
  let rival: ApiClient;

  const query = async <T = Row>(sql: string, params: unknown[] = []) =>
    server.server.app.deps.warehouse.query<T>(sql, params);
  const xlsx = async (rows: unknown[][]) => ({
    name: 'products.xlsx',
    type: XLSX_MIME,
    bytes: await xlsxOf(HEADER, rows),
  });
  /** Fingerprint of a group's products: any write to them changes it. */
  const snapshot = async (groupId: number) =>
    JSON.stringify(
      await query(
        `SELECT product_id, sku_code, sku_name, brand_id, category_id, pack_size, mrp, product_status,
                updated_at FROM dim_product WHERE group_id = $1 ORDER BY product_id`,
        [groupId],
      ),
    );
  /** The first two own products of a group, with the names a file gives them. */
  const ownProducts = (groupId: number) =>
    query<{ product_id: number; sku_code: string; brand: string; category: string; updated_at: string }>(
      `SELECT p.product_id, p.sku_code, b.brand_name AS brand, c.category_name AS category, p.updated_at
       FROM dim_product p JOIN dim_brand b ON b.brand_id = p.brand_id
       JOIN dim_category c ON c.category_id = p.category_id
       WHERE p.group_id = $1 AND p.is_competitor = 0 ORDER BY p.product_id LIMIT 2`,
      [groupId],
    );

  beforeAll(async () => {
    server = await startTestServer();
    demo = await signIn(server);
    rival = await signIn(server, DEMO_USERS.rival);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("the data file is the group's product list in the template's shape, never another group's", async () => {
    const template = await sheetRows(await demo.raw('GET', `${ROUTE}/template`));
    expect(template).toEqual([HEADER]);

    const file = await sheetRows(await demo.raw('GET', `${ROUTE}/data`));
    expect(file[0]).toEqual(HEADER);
    const [{ n }] = (await query<{ n: number }>(
      'SELECT COUNT(*)::INTEGER AS n FROM dim_product WHERE group_id = 1',
    )) as [{ n: number }];
    expect(file.length - 1).toBe(n);
    const [first] = await ownProducts(1);
    const line = file.find((r) => r[0] === first!.sku_code)!;
    expect(line.slice(2, 4)).toEqual([first!.brand, first!.category]);
    expect(String(line[7])).toMatch(/^\d{4}-\d{2}-\d{2}/);

    const rivalFile = await sheetRows(await rival.raw('GET', `${ROUTE}/data`));
    const rivalCodes = new Set(rivalFile.slice(1).map((r) => r[0]));
    expect(rivalCodes.has(first!.sku_code)).toBe(false);
    expect(rivalFile.length - 1).toBeGreaterThan(0);
  });

  it('imports in place: a known SKU Code keeps its id and facts, a new one is added, both shown at once', async () => {
    const [a, b] = await ownProducts(1);
    const facts = async () =>
      (
        await query<{ n: number }>(
          'SELECT COUNT(*)::INTEGER AS n FROM fact_price WHERE product_id IN ($1, $2)',
          [a!.product_id, b!.product_id],
        )
      )[0]!.n;
    const factsBefore = await facts();
    const rivalBefore = await snapshot(2);
    const code = `IMP-${Date.now()}`;
    const answer = await uploadFile(
      demo,
      ROUTE,
      await xlsx([
        [a!.sku_code, 'Imported Name A', a!.brand, a!.category, '750 g', 310, 0, '2025-03-01'],
        [b!.sku_code, 'Imported Name B', b!.brand, b!.category, '2 kg', 499.5, 1, '2025-04-01'],
        [code, 'Brand New Product', a!.brand, b!.category, '500 ml', 99, 1, '2026-11-01'],
      ]),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe('3 rows loaded.');

    const rows = await query<Row>(
      `SELECT product_id, sku_code, sku_name, pack_size, mrp, product_status, mapping_status, updated_at
       FROM dim_product WHERE group_id = 1 AND sku_code IN ($1, $2, $3) ORDER BY sku_name`,
      [a!.sku_code, b!.sku_code, code],
    );
    expect(rows.map((r) => [r.sku_name, r.pack_size, Number(r.mrp), Number(r.product_status)])).toEqual([
      ['Brand New Product', '500 ml', 99, 1],
      ['Imported Name A', '750 g', 310, 0],
      ['Imported Name B', '2 kg', 499.5, 1],
    ]);
    expect(rows[1]!.product_id).toBe(a!.product_id);
    expect(rows[2]!.product_id).toBe(b!.product_id);
    // An edit read before the import carries the old token: the import gave a fresh one.
    expect(rows[1]!.updated_at).not.toBe(a!.updated_at);
    expect(Number(rows[0]!.mapping_status)).toBe(2);
    expect(await facts()).toBe(factsBefore);
    expect(await snapshot(2)).toBe(rivalBefore);

    const grid = await demo.get<{ rows: Row[] }>('products', { ...ALL_DATES, limit: 500 });
    const shown = grid.body.data!.rows.filter((r) => [a!.sku_code, code].includes(String(r.sku_code)));
    expect(shown.map((r) => r.sku_name).sort()).toEqual(['Brand New Product', 'Imported Name A']);

    const stale = await demo.post('mutate/products/data/detail', {
      id: a!.product_id,
      updated_at: a!.updated_at,
      sku_name: 'Edited from an old read',
      pack_size: '1 kg',
      product_status: 1,
    });
    expect(stale.status).toBe(409);

    const logged = await server.server.app.deps.store.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', '=', 'upload.loaded')
      .execute();
    // Each upload outcome is audited with the upload's key (area/screen/upload) in its detail.
    expect(logged.some((l) => JSON.stringify(l.detail).includes('products/data/productData'))).toBe(true);
  });

  it('a file with two bad rows changes nothing, and its error file names them', async () => {
    const [a, b] = await ownProducts(1);
    const before = await snapshot(1);
    const answer = await uploadFile(
      demo,
      ROUTE,
      await xlsx([
        [a!.sku_code, 'Changed', a!.brand, a!.category, '1 kg', 10, 1, '2025-01-01'],
        [b!.sku_code, 'Changed', 'No Such Brand', b!.category, '1 kg', 10, 3, '2025-01-01'],
        [`IMP-BAD-${Date.now()}`, '', a!.brand, a!.category, '1 kg', -5, 1, '2025-01-01'],
      ]),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe(
      '2 rows have errors; nothing was loaded. Download the error file to see them.',
    );
    expect(await snapshot(1)).toBe(before);
    const errors = await sheetRows(await demo.raw('GET', `${ROUTE}/runs/${answer.body.data!.runId}/errors`));
    expect(errors.slice(1).map((e) => [e[0], e[1], e[3]])).toEqual([
      [3, 'Brand', 'Unknown Brand "No Such Brand".'],
      [3, 'Status', 'Must be one of: 1, 0.'],
      [4, 'Product Name', 'Required value is missing.'],
      [4, 'MRP', 'Must be at least 0.'],
    ]);

    // A SKU Code twice in one file is a row error, not a silent last-one-wins.
    const twice = await uploadFile(
      demo,
      ROUTE,
      await xlsx([
        [a!.sku_code, 'Once', a!.brand, a!.category, '1 kg', 10, 1, '2025-01-01'],
        [a!.sku_code, 'Twice', a!.brand, a!.category, '1 kg', 10, 1, '2025-01-01'],
      ]),
    );
    expect(twice.status).toBe(400);
    expect((twice.body.data!.errors as { message: string }[]).map((e) => e.message)).toEqual([
      'Repeats row 2.',
    ]);
    expect(await snapshot(1)).toBe(before);
  });

  it("another group's import never touches this group's products, nor names its brands", async () => {
    const [a] = await ownProducts(1);
    const [r] = await ownProducts(2);
    const demoBefore = await snapshot(1);
    // The same SKU Code in Rival Foods' file is Rival Foods' own new product.
    const answer = await uploadFile(
      rival,
      ROUTE,
      await xlsx([[a!.sku_code, 'Rival copy', r!.brand, r!.category, '1 kg', 50, 1, '2026-01-01']]),
    );
    expect(answer.body.msg).toBe('1 row loaded.');
    expect(await snapshot(1)).toBe(demoBefore);
    const mine = await query<{ group_id: number }>(
      'SELECT group_id FROM dim_product WHERE sku_code = $1 ORDER BY group_id',
      [a!.sku_code],
    );
    expect(mine.map((m) => m.group_id)).toEqual([1, 2]);

    const foreign = await uploadFile(
      rival,
      ROUTE,
      await xlsx([[r!.sku_code, 'X', a!.brand, a!.category, '1 kg', 50, 1, '2026-01-01']]),
    );
    expect(foreign.status).toBe(400);
    const cells = foreign.body.data!.errors as { column: string }[];
    expect(cells.map((c) => c.column).sort()).toEqual(['Brand', 'Category']);
    expect(await snapshot(1)).toBe(demoBefore);
  });

  it('bad requests: a loaded category cannot be deleted (products are kept); a wrong file is refused', async () => {
    const before = await snapshot(1);
    const slices = await demo.get<{ slice: Row }[]>(`${ROUTE}/slices`);
    const slice = slices.body.data![0]!.slice;
    const removed = await demo.raw(
      'DELETE',
      `${ROUTE}/slices?slice=${encodeURIComponent(JSON.stringify(slice))}`,
    );
    expect(removed.status).toBe(400);
    expect(removed.json()).toMatchObject({
      msg: 'These rows are kept: upload a corrected file to change them.',
    });

    const wrong = await uploadFile(demo, ROUTE, {
      name: 'products.pdf',
      type: 'application/pdf',
      bytes: Buffer.from('%PDF'),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('Invalid File');
    const header = await uploadFile(demo, ROUTE, {
      name: 'products.xlsx',
      type: XLSX_MIME,
      bytes: await xlsxOf(['SKU Code', 'Product Name'], [['X', 'Y']]),
    });
    expect(header.status).toBe(400);
    expect(header.body.msg).toContain('missing columns Brand, Category');
    expect(await snapshot(1)).toBe(before);

    const rivalData = await rival.raw('GET', 'uploads/master/data_settings/cities/data');
    expect(rivalData.status).toBe(404);
  });
});
