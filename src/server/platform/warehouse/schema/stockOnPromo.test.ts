import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_WAREHOUSES, type TestWarehouse } from '../testing/testWarehouses.js';
import { bulkInsert } from '../bulkInsert.js';
import type { Warehouse } from '../warehouse.js';
import { createSchema } from './createSchema.js';
import { FACT_TABLES_DDL } from './factTables.js';
import { deriveStockOnPromo } from './stockOnPromo.js';
import { tableColumns } from './tableColumns.js';

/** [group, day of November, channel, city]: one observation of product 7. */
type Key = [number, number, number, number];

const keyColumns = (k: Key) => [k[0], `2026-11-0${k[1]}`, k[2], k[3], 7, 1, 1, 0];
const KEY_COLUMNS = [
  'group_id',
  'crawl_date',
  'channel_id',
  'city_id',
  'product_id',
  'brand_id',
  'category_id',
  'is_competitor',
];

async function stock(wh: Warehouse, keys: readonly Key[]): Promise<void> {
  await bulkInsert(
    wh,
    'fact_stock',
    [...KEY_COLUMNS, 'stock_status'],
    keys.map((k) => [...keyColumns(k), 1]),
  );
}

async function promo(wh: Warehouse, rows: readonly [Key, string][]): Promise<void> {
  await bulkInsert(
    wh,
    'fact_promo',
    [...KEY_COLUMNS, 'offer_status', 'promo_state'],
    rows.map(([k, state]) => [...keyColumns(k), 3, state]),
  );
}

async function flags(wh: Warehouse): Promise<string[]> {
  const rows = await wh.query<{ g: number; d: string; ch: number; c: number; v: number }>(
    `SELECT group_id AS g, CAST(crawl_date AS VARCHAR) AS d, channel_id AS ch, city_id AS c, on_promo AS v
     FROM fact_stock ORDER BY group_id, crawl_date, channel_id, city_id`,
  );
  return rows.map((r) => `${r.g}/${r.d.slice(-1)}/${r.ch}/${r.c}=${Number(r.v)}`);
}

const STOCK: Key[] = [
  [1, 1, 1, 1],
  [1, 2, 1, 1],
  [1, 1, 1, 2],
  [1, 3, 2, 1],
  [2, 1, 1, 1],
];

describe.each(TEST_WAREHOUSES)('fact_stock.on_promo on %s', (_name, open) => {
  let t: TestWarehouse;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t.drop());

  it('is added on start to a warehouse built before it, filled from the running promotions', async () => {
    const oldStock = FACT_TABLES_DDL.find((d) => d.includes('fact_stock ('))!.replace(
      /,\s*on_promo[^,)]*,\s*prev_crawl_date DATE/,
      '',
    );
    expect(oldStock).not.toContain('on_promo');
    expect(oldStock).not.toContain('prev_crawl_date');
    await t.wh.exec(oldStock);
    await t.wh.exec(FACT_TABLES_DDL.find((d) => d.includes('fact_promo ('))!);
    await stock(t.wh, STOCK);
    await promo(t.wh, [
      [[1, 2, 1, 1], 'running'],
      [[1, 1, 1, 2], 'planning'], // planned, not running: not on promotion
      [[1, 3, 1, 1], 'running'], // channel 1; the stock row of day 3 in city 1 is channel 2
      [[2, 1, 1, 1], 'running'],
    ]);
    await createSchema(t.wh); // a start: adds the column and fills it
    expect(await flags(t.wh)).toEqual(
      ['1/1/1/1=0', '1/1/1/2=0', '1/2/1/1=1', '1/3/2/1=0', '2/1/1/1=1'].sort((a, b) => a.localeCompare(b)),
    );
    const columns = await t.wh.query<{ c: string }>(
      `SELECT column_name AS c FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = 'fact_stock' ORDER BY ordinal_position`,
    );
    expect(columns.map((c) => c.c)).toEqual(tableColumns('fact_stock'));
  });

  it("re-derives one channel's day of one group, setting and clearing, and nothing else", async () => {
    await t.wh.exec(`DELETE FROM fact_promo`);
    await promo(t.wh, [[[1, 1, 1, 1], 'running']]);
    await deriveStockOnPromo(t.wh, { groupId: 1, channelId: 1, date: '2026-11-01' });
    expect(await flags(t.wh)).toContain('1/1/1/1=1');
    // Day 2 of group 1 and group 2 lost their promotion but are outside the slice.
    expect(await flags(t.wh)).toEqual(expect.arrayContaining(['1/2/1/1=1', '2/1/1/1=1']));
    await deriveStockOnPromo(t.wh, { groupId: 1 });
    expect(await flags(t.wh)).toEqual(expect.arrayContaining(['1/2/1/1=0', '2/1/1/1=1']));
    await deriveStockOnPromo(t.wh);
    expect(await flags(t.wh)).toEqual(expect.arrayContaining(['1/1/1/1=1', '2/1/1/1=0']));
  });
});
