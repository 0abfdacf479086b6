import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_WAREHOUSES, type TestWarehouse } from '../testing/testWarehouses.js';
import { bulkInsert } from '../bulkInsert.js';
import type { Warehouse } from '../warehouse.js';
import { createSchema } from './createSchema.js';
import { LOOKBACK_DAYS } from './listingWindowUpdate.js';
import { deriveStockPreviousCrawl, FIRST_CRAWL, stockPreviousCrawlStatement } from './stockPreviousCrawl.js';

/** Day `d` counted from 1 November 2026. */
const day = (d: number) =>
  dayjs('2026-11-01')
    .add(d - 1, 'day')
    .format('YYYY-MM-DD');

/** Crawl days of each (group, channel, city) listing of product 7: gaps where it was not seen. */
const LISTINGS: [number, number, number, number[]][] = [
  [1, 1, 1, [1, 2, 3, 5, 8]],
  [1, 1, 2, [2, 3, 4]],
  [1, 2, 1, [1, 4, 5]],
  [2, 1, 1, [1, 3]],
];

/** Rows of (group, day, channel, city), product 7 of brand 1 and category 1 unless given. */
async function insert(
  wh: Warehouse,
  rows: [number, number, number, number][],
  brand = 1,
  category = 1,
): Promise<void> {
  const columns = ['group_id', 'crawl_date', 'channel_id', 'city_id', 'product_id', 'brand_id'];
  const more = ['category_id', 'is_competitor', 'stock_status'];
  await bulkInsert(
    wh,
    'fact_stock',
    [...columns, ...more],
    rows.map(([g, d, ch, ci]) => [g, day(d), ch, ci, 7, brand, category, 0, 1]),
  );
}

async function previous(wh: Warehouse): Promise<Record<string, string>> {
  const rows = await wh.query<{ g: number; ch: number; ci: number; d: string; p: string | null }>(
    `SELECT group_id AS g, channel_id AS ch, city_id AS ci, CAST(crawl_date AS VARCHAR) AS d,
            CAST(prev_crawl_date AS VARCHAR) AS p FROM fact_stock`,
  );
  return Object.fromEntries(rows.map((r) => [`${r.g}/${r.ch}/${r.ci}/${r.d}`, r.p ?? 'NULL']));
}

/** What each row's previous crawl must be, from the listings' days. */
function expected(listings: typeof LISTINGS): Record<string, string> {
  return Object.fromEntries(
    listings.flatMap(([g, ch, ci, days]) =>
      days.map((d, i) => [`${g}/${ch}/${ci}/${day(d)}`, i === 0 ? FIRST_CRAWL : day(days[i - 1]!)]),
    ),
  );
}

describe.each(TEST_WAREHOUSES)('fact_stock.prev_crawl_date on %s', (_n, open) => {
  let t: TestWarehouse;
  beforeAll(async () => {
    t = await open();
    await createSchema(t.wh);
    await insert(
      t.wh,
      LISTINGS.flatMap(([g, ch, ci, days]) =>
        days.map((d) => [g, d, ch, ci] as [number, number, number, number]),
      ),
    );
  });
  afterAll(() => t.drop());

  it("is each listing's previous crawl, the first's marked, after a whole derive and per group", async () => {
    expect(Object.values(await previous(t.wh))).toEqual(expect.arrayContaining(['NULL']));
    await deriveStockPreviousCrawl(t.wh, 2);
    const afterGroup = await previous(t.wh);
    expect(afterGroup['2/1/1/2026-11-03']).toBe(day(1));
    expect(afterGroup['1/1/1/2026-11-02']).toBe('NULL');
    await deriveStockPreviousCrawl(t.wh);
    expect(await previous(t.wh)).toEqual(expected(LISTINGS));
  });

  it('after a channel day is loaded again, the rows from that day on are read again', async () => {
    // Channel 1 of group 1 on day 3 crawled again: city 1 missing now, city 2 still there; a day
    // 6 appears for city 2 and the channel's day 4 for city 1 is new.
    await t.wh.exec(
      `DELETE FROM fact_stock WHERE group_id = 1 AND channel_id = 1 AND crawl_date = '${day(3)}'`,
    );
    await insert(t.wh, [
      [1, 3, 1, 2],
      [1, 4, 1, 1],
      [1, 6, 1, 2],
      [1, 5, 1, 3], // city 3: no crawl in the lookback, new or back after long: not known
    ]);
    await t.wh.transaction([stockPreviousCrawlStatement({ groupId: 1, channelId: 1, from: day(3) })]);
    const now: typeof LISTINGS = [
      [1, 1, 1, [1, 2, 4, 5, 8]],
      [1, 1, 2, [2, 3, 4, 6]],
      [1, 2, 1, [1, 4, 5]],
      [2, 1, 1, [1, 3]],
    ];
    expect(await previous(t.wh)).toEqual({ ...expected(now), [`1/1/3/${day(5)}`]: 'NULL' });
  });

  it("looks for a listing's previous crawl in the month before the loaded day only", async () => {
    // City 2's last crawl is day 6; its next one a day after the lookback has passed it.
    const later = 6 + LOOKBACK_DAYS + 1;
    await insert(t.wh, [[1, later, 1, 2]]);
    await t.wh.transaction([stockPreviousCrawlStatement({ groupId: 1, channelId: 1, from: day(later) })]);
    const rows = await previous(t.wh);
    expect(rows[`1/1/2/${day(later)}`]).toBe('NULL');
    expect(rows[`1/1/2/${day(6)}`]).toBe(day(4)); // earlier days untouched
  });

  it("gives no previous crawl to a row whose product's brand, category or competitor flag changed", async () => {
    await deriveStockPreviousCrawl(t.wh); // the loads' NULLs past their lookback, filled
    const before = await previous(t.wh);
    // Channel 2's listing of city 1 (days 1, 4, 5) moves category from day 4 on: a whole derive.
    await t.wh.exec(
      `UPDATE fact_stock SET category_id = 2 WHERE group_id = 1 AND channel_id = 2 AND crawl_date >= '${day(4)}'`,
    );
    await deriveStockPreviousCrawl(t.wh);
    expect(await previous(t.wh)).toEqual({ ...before, [`1/2/1/${day(4)}`]: 'NULL' });
    // Loads of its day 6 under another brand, then of day 7 under that brand: the load statement.
    for (const d of [6, 7]) {
      await insert(t.wh, [[1, d, 2, 1]], 2, 2);
      await t.wh.transaction([stockPreviousCrawlStatement({ groupId: 1, channelId: 2, from: day(d) })]);
    }
    const rows = await previous(t.wh);
    expect([rows[`1/2/1/${day(5)}`], rows[`1/2/1/${day(6)}`], rows[`1/2/1/${day(7)}`]]).toEqual([
      day(4),
      'NULL',
      day(6),
    ]);
  });
});
