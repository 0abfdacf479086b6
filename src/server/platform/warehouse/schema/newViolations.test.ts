import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_WAREHOUSES, type TestWarehouse } from '../testing/testWarehouses.js';
import { bulkInsert } from '../bulkInsert.js';
import type { Warehouse } from '../warehouse.js';
import { createSchema } from './createSchema.js';
import { FACT_TABLES_DDL } from './factTables.js';
import { addMissingColumns } from './addedColumns.js';
import { deriveNewViolations, deriveNewViolationsFrom } from './newViolations.js';
import { tableColumns } from './tableColumns.js';
import { LOOKBACK_DAYS } from './listingWindowUpdate.js';

/** One price observation: [group, day counted from 1 November, city, violation type]. */
type Obs = [number, number, number, number];

function priceRow([group, day, city, type]: Obs): Record<string, unknown> {
  return {
    group_id: group,
    crawl_date: dayjs('2026-10-31').add(day, 'day').format('YYYY-MM-DD'),
    channel_id: 1,
    city_id: city,
    product_id: 7,
    brand_id: 1,
    category_id: 1,
    is_competitor: 0,
    mrp: 100,
    selling_price: 90,
    discount_pct: 10,
    reference_price: 90,
    rule_min_price: null,
    rule_max_price: null,
    violation_type: type,
    is_above_mrp: 0,
    variation_pct: 0,
    variation_band: 5,
    variation_band_name: '0% to 5%',
  };
}

async function insert(wh: Warehouse, observations: readonly Obs[]): Promise<void> {
  const rows = observations.map(priceRow);
  await bulkInsert(
    wh,
    'fact_price',
    Object.keys(rows[0]!),
    rows.map((r) => Object.values(r)),
  );
}

async function flags(wh: Warehouse, group: number, city: number): Promise<number[]> {
  const rows = await wh.query<{ v: number }>(
    'SELECT is_new_violation AS v FROM fact_price WHERE group_id = $1 AND city_id = $2 ORDER BY crawl_date',
    [group, city],
  );
  return rows.map((r) => Number(r.v));
}

// City 1: NA, Max, Max, Satisfied, Min. City 2: a violation on its first crawl, then a day with
// no observation (delisted) and the violation still there: not new. Group 2 mirrors city 1.
const OBSERVATIONS: Obs[] = [
  [1, 1, 1, 5],
  [1, 2, 1, 1],
  [1, 3, 1, 1],
  [1, 4, 1, 4],
  [1, 5, 1, 2],
  [1, 1, 2, 3],
  [1, 3, 2, 3],
  [2, 1, 1, 5],
  [2, 2, 1, 1],
];

describe.each(TEST_WAREHOUSES)('new violations on %s', (_name, open) => {
  let t: TestWarehouse;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t.drop());

  it('flags a violation only when the listing was not in violation at its previous crawl', async () => {
    await createSchema(t.wh);
    await insert(t.wh, OBSERVATIONS);
    await deriveNewViolations(t.wh, 1);
    expect(await flags(t.wh, 1, 1)).toEqual([0, 1, 0, 0, 1]);
    expect(await flags(t.wh, 1, 2)).toEqual([1, 0]);
    // Another tenant's rows are left to their own load.
    expect(await flags(t.wh, 2, 1)).toEqual([0, 0]);
    await deriveNewViolations(t.wh);
    expect(await flags(t.wh, 2, 1)).toEqual([0, 1]);
  });

  it("after a crawl of one day, sets the flags from that day on against each listing's previous crawl", async () => {
    // Day 4 of city 1 crawled again: Max now (Satisfied before), so neither it (Max on day 3)
    // nor day 5 (Min after Max) is new; city 2's day 3 reads its day 1, two days back.
    await t.wh.exec(
      "UPDATE fact_price SET violation_type = 1 WHERE group_id = 1 AND city_id = 1 AND crawl_date = '2026-11-04'",
    );
    await t.wh.exec(
      "UPDATE fact_price SET is_new_violation = 1 WHERE group_id = 1 AND city_id = 2 AND crawl_date = '2026-11-03'",
    );
    await deriveNewViolationsFrom(t.wh, { groupId: 1, channelId: 1, from: '2026-11-04' });
    expect(await flags(t.wh, 1, 1)).toEqual([0, 1, 0, 0, 0]);
    // Days before the crawled one are left as they were.
    expect(await flags(t.wh, 1, 2)).toEqual([1, 1]);
    await deriveNewViolationsFrom(t.wh, { groupId: 1, channelId: 1, from: '2026-11-03' });
    expect(await flags(t.wh, 1, 2)).toEqual([1, 0]);
    expect(await flags(t.wh, 2, 1)).toEqual([0, 1]);
  });

  it('adds and fills the column on a warehouse built before it existed', async () => {
    // The views over fact_price hold it on PostgreSQL; createSchema makes them again.
    await t.wh.exec('DROP VIEW IF EXISTS v_competitor_price');
    await t.wh.exec('DROP TABLE fact_price');
    const oldDdl = FACT_TABLES_DDL.find((d) => d.includes('fact_price ('))!.replace(
      /,\s*is_new_violation[^,)]*/,
      '',
    );
    await t.wh.exec(oldDdl);
    await insert(t.wh, OBSERVATIONS);
    await addMissingColumns(t.wh);
    expect(await flags(t.wh, 1, 1)).toEqual([0, 1, 0, 0, 1]);
    expect(await flags(t.wh, 2, 1)).toEqual([0, 1]);
    expect(tableColumns('fact_price').at(-1)).toBe('is_new_violation');
  });

  it('counts a violation as new when the listing had no crawl in the lookback before it', async () => {
    // Group 3: Max on days 1 and 2, then no crawl until a day past the lookback, Max again twice.
    const back = 2 + LOOKBACK_DAYS + 1;
    await insert(t.wh, [
      [3, 1, 1, 1],
      [3, 2, 1, 1],
      [3, back, 1, 1],
      [3, back + 1, 1, 1],
    ]);
    await deriveNewViolations(t.wh, 3);
    expect(await flags(t.wh, 3, 1)).toEqual([1, 0, 1, 0]);
    // A load of the day back reads the same, and one of the day after reads the day back.
    await t.wh.exec('UPDATE fact_price SET is_new_violation = 1 - is_new_violation WHERE group_id = 3');
    await deriveNewViolationsFrom(t.wh, {
      groupId: 3,
      channelId: 1,
      from: dayjs('2026-10-31').add(back, 'day').format('YYYY-MM-DD'),
    });
    expect(await flags(t.wh, 3, 1)).toEqual([0, 1, 1, 0]);
  });
});
