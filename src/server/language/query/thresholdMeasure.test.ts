import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfigSnapshot } from '../config/loadConfigRegistry.js';
import { indexDataset } from '../model/datasetIndex.js';
import { bulkInsert } from '../../platform/warehouse/bulkInsert.js';
import { createSchema } from '../../platform/warehouse/schema/createSchema.js';
import { tableColumns } from '../../platform/warehouse/schema/tableColumns.js';
import { TEST_WAREHOUSES, type TestWarehouse } from '../../platform/warehouse/testing/testWarehouses.js';
import { parseDataRequest, type QueryContext } from './dataRequest.js';
import { runScreenQuery } from './runScreenQuery.js';

/** carsx/data's stats query, as configured: `% SKUs Meeting Threshold` from rating.dataset.json. */
function statsContext(): QueryContext {
  const snapshot = loadConfigSnapshot('screens');
  const screen = snapshot.screens.get('carsx/data')!;
  const query = screen.queries!.find((q) => q.id === 'stats')!;
  return { screen, query, dataset: indexDataset(snapshot.datasets.get('rating')!) };
}

/** [group, product, day of November, stars, reviews] */
type Rating = [number, number, number, number, number];
const RATINGS: Rating[] = [
  [1, 1, 1, 4.2, 60], // meets
  [1, 2, 1, 4.5, 10], // too few reviews
  [1, 3, 1, 3.9, 100], // too few stars
  [1, 4, 1, 4.0, 50], // meets, exactly at both thresholds
  [1, 4, 2, 3.8, 50],
  [2, 5, 1, 4.9, 500], // another tenant
];

describe.each(TEST_WAREHOUSES)('% SKUs meeting the rating threshold on %s', (_name, open) => {
  let t: TestWarehouse;
  beforeAll(async () => {
    t = await open();
    await createSchema(t.wh);
    await bulkInsert(
      t.wh,
      'fact_rating',
      tableColumns('fact_rating'),
      // DDL order: group, date, channel, product, brand, category, is_competitor, stars, ratings, reviews.
      RATINGS.map(([group, product, day, stars, reviews]) => [
        group,
        `2026-11-0${day}`,
        1,
        product,
        1,
        1,
        0,
        stars,
        reviews,
        reviews,
      ]),
    );
  });
  afterAll(async () => t.drop());

  it('counts listings at >= 4.0 stars and >= 50 reviews over listings observed, per tenant', async () => {
    const ctx = statsContext();
    const day1 = parseDataRequest(ctx, { start_date: '2026-11-01', end_date: '2026-11-01' });
    const { rows } = await runScreenQuery(t.wh, ctx, day1, 1);
    expect(rows[0]).toMatchObject({ sku_count: 4, pct_skus_meeting_threshold: 50 });
    const request = parseDataRequest(ctx, { start_date: '2026-11-01', end_date: '2026-11-02' });
    const both = await runScreenQuery(t.wh, ctx, request, 1);
    expect(both.rows[0]).toMatchObject({ sku_count: 4, pct_skus_meeting_threshold: 40 });
    const other = await runScreenQuery(t.wh, ctx, request, 2);
    expect(other.rows[0]).toMatchObject({ sku_count: 1, pct_skus_meeting_threshold: 100 });
  });

  it('follows the period: product 4 only met the threshold on its first day', async () => {
    const ctx = statsContext();
    const request = parseDataRequest(ctx, { start_date: '2026-11-02', end_date: '2026-11-02' });
    const { rows } = await runScreenQuery(t.wh, ctx, request, 1);
    expect(rows[0]).toMatchObject({ sku_count: 1, pct_skus_meeting_threshold: 0 });
  });
});
