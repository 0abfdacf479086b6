import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_WAREHOUSES, type TestWarehouse } from '../testing/testWarehouses.js';
import { createSchema } from './createSchema.js';
import { deriveAdShelfFlags, deriveOrganicRank } from './adShelfFlags.js';

const ad = (date: string, productId: number) =>
  `(1, '${date}', 1, 1, 1, 'SP', 1, 5, 'Exact', ${productId}, 1, 1, 0, 'A${productId}', 1, 100, 100, 10, 50, 1, 1, 200, 0, 0, 0, 0, 0, 0, 0)`;
const slot = (date: string, overall: number, slotType: string, productId: number) =>
  `(1, '${date}', 1, 5, 'Generic', ${Math.ceil(overall / 20)}, ${((overall - 1) % 20) + 1}, ${overall}, '${slotType}', ${productId}, 1, 1, 0)`;

describe.each(TEST_WAREHOUSES)('organic rank of ads, on %s', (_name, open) => {
  let t: TestWarehouse;
  beforeAll(async () => {
    t = await open();
    await createSchema(t.wh);
    await t.wh.exec(`INSERT INTO fact_ad_daily VALUES ${ad('2026-11-01', 7)}, ${ad('2026-11-02', 7)}`);
    await t.wh.exec(
      `INSERT INTO fact_search (group_id, crawl_date, channel_id, keyword_id, keyword_type, page, position,
         overall_position, slot_type, product_id, brand_id, category_id, is_competitor)
       VALUES ${slot('2026-11-01', 3, 'organic', 7)}, ${slot('2026-11-02', 1, 'sponsored', 7)},
         ${slot('2026-11-02', 24, 'organic', 7)}`,
    );
  });
  afterAll(async () => t.drop());

  const ranks = async () =>
    (
      await t.wh.query<Record<string, unknown>>(
        'SELECT organic_rank, organic_first_page FROM fact_ad_daily ORDER BY ad_date',
      )
    ).map((r) => [Number(r.organic_rank), Number(r.organic_first_page)]);

  it('one channel-day (a search crawl) moves only that day, and the whole group every day', async () => {
    await deriveOrganicRank(t.wh, 1, { channelId: 1, date: '2026-11-02' });
    // Its own organic slot at 24 (page 2); its sponsored slot on page 1 does not count.
    expect(await ranks()).toEqual([
      [0, 0],
      [24, 0],
    ]);
    await deriveAdShelfFlags(t.wh, 1);
    expect(await ranks()).toEqual([
      [3, 1],
      [24, 0],
    ]);
  });

  it('a day whose new results no longer hold the product clears its rank', async () => {
    await t.wh.exec(`DELETE FROM fact_search WHERE crawl_date = '2026-11-01'`);
    await deriveOrganicRank(t.wh, 1, { channelId: 1, date: '2026-11-01' });
    expect(await ranks()).toEqual([
      [0, 0],
      [24, 0],
    ]);
  });
});
