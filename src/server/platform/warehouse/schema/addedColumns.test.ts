import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_WAREHOUSES, type TestWarehouse } from '../testing/testWarehouses.js';
import { addMissingColumns } from './addedColumns.js';
import { AD_TABLES_DDL } from './adTables.js';
import { createSchema } from './createSchema.js';
import { FACT_TABLES_DDL } from './factTables.js';
import { SETUP_TABLES_DDL } from './setupTables.js';
import { tableColumns } from './tableColumns.js';

describe.each(TEST_WAREHOUSES)('columns added since the first warehouses, on %s', (_name, open) => {
  let t: TestWarehouse;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t.drop());

  it('gives an old fact_stock its store columns, empty (store data was not crawled then)', async () => {
    const oldDdl = FACT_TABLES_DDL.find((d) => d.includes('fact_stock ('))!.replace(
      /,\s*stores_total[\s\S]*?prev_crawl_date DATE/,
      '',
    );
    expect(oldDdl).not.toContain('store');
    expect(oldDdl).not.toContain('prev_crawl_date');
    expect(oldDdl).not.toContain('on_promo');
    await t.wh.exec(oldDdl);
    await t.wh.exec(
      `INSERT INTO fact_stock (group_id, crawl_date, channel_id, city_id, product_id, brand_id,
         category_id, is_competitor, stock_status) VALUES (1, '2026-11-01', 61, 1, 7, 1, 1, 0, 1)`,
    );
    await createSchema(t.wh);
    await addMissingColumns(t.wh); // a second start changes nothing
    const rows = await t.wh.query<Record<string, unknown>>(
      'SELECT stores_total, stores_in_stock, store_share FROM fact_stock',
    );
    expect(rows.map((r) => [Number(r.stores_total), Number(r.stores_in_stock), r.store_share])).toEqual([
      [0, 0, null],
    ]);
    const columns = await t.wh.query<{ c: string }>(
      `SELECT column_name AS c FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = 'fact_stock'
       ORDER BY ordinal_position`,
    );
    expect(columns.map((c) => c.c)).toEqual(tableColumns('fact_stock'));
  });

  it("gives an old fact_search each slot's keyword search volume, from dim_keyword", async () => {
    const oldDdl = FACT_TABLES_DDL.find((d) => d.includes('fact_search ('))!.replace(
      /,\s*search_volume INTEGER NOT NULL DEFAULT 0/,
      '',
    );
    expect(oldDdl).not.toContain('search_volume');
    await t.wh.exec('DROP TABLE fact_search');
    await t.wh.exec(oldDdl);
    await t.wh.exec(
      `INSERT INTO dim_keyword (keyword_id, group_id, keyword, keyword_type, category_id, search_volume)
       VALUES (5, 1, 'masala chips', 'Generic', 1, 12000)`,
    );
    await t.wh.exec(
      `INSERT INTO fact_search (group_id, crawl_date, channel_id, keyword_id, keyword_type, page, position,
         overall_position, slot_type, product_id, brand_id, category_id, is_competitor)
       VALUES (1, '2026-11-01', 1, 5, 'Generic', 1, 1, 1, 'organic', 7, 1, 1, 0)`,
    );
    await addMissingColumns(t.wh);
    const rows = await t.wh.query<{ v: number }>('SELECT search_volume AS v FROM fact_search');
    expect(rows.map((r) => Number(r.v))).toEqual([12000]);
  });
  it('numbers the rows of an old city list (one id each) and gives them an empty write token', async () => {
    const oldDdl = SETUP_TABLES_DDL.find((d) => d.includes('setup_city_list ('))!.replace(
      /,\s*list_id[\s\S]*?DEFAULT ''/,
      '',
    );
    expect(oldDdl).not.toContain('list_id');
    await t.wh.exec('DROP TABLE IF EXISTS setup_city_list');
    await t.wh.exec(oldDdl);
    await t.wh.exec(
      `INSERT INTO setup_city_list (group_id, channel_id, city_id, stores_tracked)
       VALUES (2, 1, 3, 5), (1, 4, 2, 9), (1, 1, 2, 7)`,
    );
    await addMissingColumns(t.wh);
    await addMissingColumns(t.wh); // a second start changes nothing
    const rows = await t.wh.query<Record<string, unknown>>(
      'SELECT group_id, channel_id, list_id, updated_at FROM setup_city_list ORDER BY list_id',
    );
    expect(
      rows.map((r) => [Number(r.group_id), Number(r.channel_id), Number(r.list_id), r.updated_at]),
    ).toEqual([
      [1, 1, 1, ''],
      [1, 4, 2, ''],
      [2, 1, 3, ''],
    ]);
    const columns = await t.wh.query<{ c: string }>(
      `SELECT column_name AS c FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = 'setup_city_list' ORDER BY ordinal_position`,
    );
    expect(columns.map((c) => c.c)).toEqual(tableColumns('setup_city_list'));
  });

  it("re-derives an old fact_ad_daily's organic flags from the advertised product's own rank", async () => {
    const oldDdl = AD_TABLES_DDL.find((d) => d.includes('fact_ad_daily ('))!.replace(
      /,\s*organic_rank SMALLINT NOT NULL DEFAULT 0/,
      '',
    );
    expect(oldDdl).not.toContain('organic_rank');
    await t.wh.exec('DROP TABLE fact_ad_daily CASCADE');
    await t.wh.exec(oldDdl);
    // Flagged by the old brand rule: brand 1 held page-1 slots, through another product (8).
    const ad = (productId: number) =>
      `(1, '2026-11-02', 1, 1, 1, 'SP', 1, 5, 'Exact', ${productId}, 1, 1, 0, 'A${productId}', 1, 100, 100, 10, 50, 1, 1, 200, 0, 0, 0, 1, 0, 0)`;
    await t.wh.exec(`INSERT INTO fact_ad_daily VALUES ${ad(7)}, ${ad(9)}`);
    const slot = (page: number, position: number, slot: string, productId: number) =>
      `(1, '2026-11-02', 1, 5, 'Generic', ${page}, ${position}, ${(page - 1) * 20 + position}, '${slot}', ${productId}, 1, 1, 0)`;
    await t.wh.exec(
      `INSERT INTO fact_search (group_id, crawl_date, channel_id, keyword_id, keyword_type, page, position,
         overall_position, slot_type, product_id, brand_id, category_id, is_competitor)
       VALUES ${slot(1, 1, 'sponsored', 7)}, ${slot(1, 3, 'organic', 8)}, ${slot(2, 5, 'organic', 7)},
         ${slot(1, 4, 'organic', 9)}, ${slot(2, 9, 'organic', 9)}`,
    );
    await addMissingColumns(t.wh);
    const rows = await t.wh.query<Record<string, unknown>>(
      'SELECT product_id, organic_rank, organic_first_page FROM fact_ad_daily ORDER BY product_id',
    );
    // 7: only a sponsored slot on page 1, its own organic slot on page 2; 9: organic 4th on page 1.
    expect(
      rows.map((r) => [Number(r.product_id), Number(r.organic_rank), Number(r.organic_first_page)]),
    ).toEqual([
      [7, 25, 0],
      [9, 4, 1],
    ]);
  });
});
