import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_WAREHOUSES, type TestWarehouse } from '../testing/testWarehouses.js';
import { bulkInsert } from '../bulkInsert.js';
import { createSchema } from './createSchema.js';
import { FACT_TABLES_DDL } from './factTables.js';
import { deriveSalesSuperseded } from './salesSuperseded.js';
import { tableColumns } from './tableColumns.js';

/** [group, day of November, channel, product, is_estimate]: one sales row. */
type Sale = [number, number, number, number, number];

async function sales(t: TestWarehouse, rows: readonly Sale[]): Promise<void> {
  await bulkInsert(
    t.wh,
    'fact_sales',
    ['group_id', 'sale_date', 'channel_id', 'product_id', 'brand_id', 'category_id', 'is_competitor'].concat([
      'units',
      'revenue',
      'is_estimate',
    ]),
    rows.map(([g, d, ch, p, e]) => [g, `2026-11-0${d}`, ch, p, 1, 1, 0, 10, 100, e]),
  );
}

/** Estimate rows as group/day/channel/product=flag; reported rows are listed when flagged. */
async function flags(t: TestWarehouse): Promise<string[]> {
  const rows = await t.wh.query<Record<string, number | string>>(
    `SELECT group_id AS g, CAST(sale_date AS VARCHAR) AS d, channel_id AS ch, product_id AS p, is_superseded AS v
     FROM fact_sales WHERE is_estimate = 1 OR is_superseded <> 0 ORDER BY 1, 2, 3, 4`,
  );
  return rows.map((r) => `${r.g}/${String(r.d).slice(-1)}/${r.ch}/${r.p}=${Number(r.v)}`);
}

describe.each(TEST_WAREHOUSES)('fact_sales.is_superseded on %s', (_name, open) => {
  let t: TestWarehouse;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t.drop());

  it('is added on start to a warehouse built before it, 1 where a reported row replaces the estimate', async () => {
    const oldSales = FACT_TABLES_DDL.find((d) => d.includes('fact_sales ('))!.replace(
      /,\s*is_superseded[^,)]*/,
      '',
    );
    expect(oldSales).not.toContain('is_superseded');
    await t.wh.exec(oldSales);
    await sales(t, [
      [1, 1, 1, 7, 1],
      [1, 1, 1, 7, 0], // replaces the estimate above
      [1, 1, 4, 7, 1], // another channel: stays
      [1, 2, 1, 7, 1], // another day: stays
      [1, 1, 1, 8, 1], // another product: stays
      [2, 1, 1, 8, 0], // another group's report never replaces group 1's estimate
      [2, 2, 1, 7, 1],
    ]);
    await createSchema(t.wh); // a start: adds the column and fills it
    expect(await flags(t)).toEqual(['1/1/1/7=1', '1/1/1/8=0', '1/1/4/7=0', '1/2/1/7=0', '2/2/1/7=0']);
    const columns = await t.wh.query<{ c: string }>(
      `SELECT column_name AS c FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = 'fact_sales' ORDER BY ordinal_position`,
    );
    expect(columns.map((c) => c.c)).toEqual(tableColumns('fact_sales'));
  });

  it('re-derives only the rows a condition selects, setting and clearing', async () => {
    await t.wh.exec(`DELETE FROM fact_sales WHERE is_estimate = 0`);
    await sales(t, [
      [1, 2, 1, 7, 0],
      [2, 2, 1, 7, 0],
    ]);
    await deriveSalesSuperseded(t.wh, { where: 's.group_id = $1 AND s.channel_id = $2', params: [1, 1] });
    // Group 1 channel 1: day 1 shown again, day 2 replaced; group 2 outside the condition.
    expect(await flags(t)).toEqual(['1/1/1/7=0', '1/1/1/8=0', '1/1/4/7=0', '1/2/1/7=1', '2/2/1/7=0']);
    await deriveSalesSuperseded(t.wh);
    expect(await flags(t)).toContain('2/2/1/7=1');
  });
});
