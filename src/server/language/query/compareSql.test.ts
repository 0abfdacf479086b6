import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConfigSnapshot } from '../config/buildConfigSnapshot.js';
import { indexDataset } from '../model/datasetIndex.js';
import { REPO_SCREENS_DIR } from '../config/testing/screensFixture.js';
import { bulkInsert } from '../../platform/warehouse/bulkInsert.js';
import { createSchema } from '../../platform/warehouse/schema/createSchema.js';
import { tableColumns } from '../../platform/warehouse/schema/tableColumns.js';
import { TEST_WAREHOUSES } from '../../platform/warehouse/testing/testWarehouses.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { previousPeriod } from './compareSql.js';
import { parseDataRequest, type QueryContext } from './dataRequest.js';
import { runScreenQuery } from './runScreenQuery.js';
import { stockContexts } from './testing/stockContext.js';
import { stockWarehouse } from './testing/stockWarehouse.js';

describe('previous period', () => {
  it('is the period of equal length that ends the day before the start', () => {
    expect(previousPeriod('2026-03-02', '2026-03-02')).toEqual({ start: '2026-03-01', end: '2026-03-01' });
    expect(previousPeriod('2026-03-02', '2026-03-08')).toEqual({ start: '2026-02-23', end: '2026-03-01' });
    // Across a month and a year end, and a leap day.
    expect(previousPeriod('2026-01-01', '2026-01-31')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(previousPeriod('2024-03-01', '2024-03-02')).toEqual({ start: '2024-02-28', end: '2024-02-29' });
  });
});

const product = buildConfigSnapshot(REPO_SCREENS_DIR, 1);

/** The product's visibility KPI screen: organic / combined share of search with `compare`. */
function visibilityContext(queryId: string): QueryContext {
  const { snapshot, problems } = product;
  if (!snapshot) throw new Error(JSON.stringify(problems));
  const screen = snapshot.screens.get('visibility/kpi')!;
  const query = screen.queries!.find((q) => q.id === queryId)!;
  return { screen, query, dataset: indexDataset(snapshot.datasets.get(screen.dataset!)!) };
}

const PREV = '2026-03-01';
const CUR = '2026-03-02';

/**
 * Page-1 slots, by hand. Keyword 1 is tracked on both days: 1 of 4 organic slots own on the first,
 * 3 of 4 on the second (plus one own sponsored slot). Keyword 2 is new on the second day (0 of 4),
 * keyword 3 dropped after the first (2 of 2). Group 2 holds keyword 1 on both days, all its own.
 */
function searchRows(): unknown[][] {
  const rows: unknown[][] = [];
  const add = (group: number, date: string, keyword: number, slot: string, own: boolean[]) =>
    own.forEach((isOwn, i) =>
      rows.push([
        group,
        date,
        1,
        keyword,
        'Generic',
        1,
        i + 1,
        i + 1,
        slot,
        500 + i,
        isOwn ? 100 : 101,
        300,
        isOwn ? 0 : 1,
        1000,
      ]),
    );
  add(1, PREV, 1, 'organic', [true, false, false, false]);
  add(1, PREV, 3, 'organic', [true, true]);
  add(1, CUR, 1, 'organic', [true, true, true, false]);
  add(1, CUR, 1, 'sponsored', [true]);
  add(1, CUR, 2, 'organic', [false, false, false, false]);
  add(2, PREV, 1, 'organic', [true, true]);
  add(2, CUR, 1, 'organic', [true, true]);
  return rows;
}

const SEARCH_COLUMNS = [
  'group_id',
  'crawl_date',
  'channel_id',
  'keyword_id',
  'keyword_type',
  'page',
  'position',
  'overall_position',
  'slot_type',
  'product_id',
  'brand_id',
  'category_id',
  'is_competitor',
  'search_volume',
];

describe.each(TEST_WAREHOUSES)('period-over-period share of search on %s', (_name, open) => {
  let wh: Warehouse;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ wh, drop } = await open());
    await createSchema(wh);
    expect(tableColumns('fact_search')).toEqual(expect.arrayContaining(SEARCH_COLUMNS));
    await bulkInsert(wh, 'fact_search', SEARCH_COLUMNS, searchRows());
  });
  afterAll(() => drop());

  const run = async (queryId: string, params: Record<string, string>, groupId = 1) => {
    const ctx = visibilityContext(queryId);
    const { rows } = await runScreenQuery(wh, ctx, parseDataRequest(ctx, params), groupId);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };

  it('compares only over the keywords present in both periods', async () => {
    const row = await run('organic', { start_date: CUR, end_date: CUR });
    // The tile's value is the whole current period: 3 own of 8 organic slots.
    expect(row.share_of_search).toBeCloseTo(37.5);
    // Keyword 1 alone: 25% then 75%. Over all keywords it would read 50% then 37.5%.
    expect(row).toMatchObject({ compare__keys: 1, compare__start: PREV, compare__end: PREV });
    expect(row.share_of_search__previous).toBeCloseTo(25);
    expect(row.share_of_search__change).toBeCloseTo(50);
    // Position weights 20, 19, 18, 17 (top 20): own 20 then 20 + 19 + 18, of 74.
    expect(row.weighted_share__previous).toBeCloseTo((20 / 74) * 100);
    expect(row.weighted_share__change).toBeCloseTo((37 / 74) * 100);
  });

  it('keeps each query its own constraints, and each group its own rows', async () => {
    // Combined: keyword 1 on the second day has 4 of 5 slots own with its sponsored one.
    const combined = await run('combined', { start_date: CUR, end_date: CUR });
    expect(combined.share_of_search__change).toBeCloseTo(80 - 25);
    const other = await run('organic', { start_date: CUR, end_date: CUR }, 2);
    expect(other).toMatchObject({ share_of_search: 100, share_of_search__change: 0, compare__keys: 1 });
  });

  it('has no change without common keywords, and no comparison without a date range', async () => {
    const fresh = await run('organic', { start_date: CUR, end_date: CUR, keyword_id: '2' });
    expect(fresh).toMatchObject({ share_of_search: 0, compare__keys: 0, share_of_search__change: null });
    const allTime = await run('organic', { start_date: '-1', end_date: '-1' });
    expect(allTime.share_of_search).toBeCloseTo((6 / 14) * 100);
    expect(allTime).toMatchObject({
      share_of_search__change: null,
      compare__keys: null,
      compare__start: null,
    });
  });

  it('a two-day range compares with the two days before it', async () => {
    const row = await run('organic', { start_date: CUR, end_date: '2026-03-03' });
    expect(row).toMatchObject({ compare__start: '2026-02-28', compare__end: PREV, compare__keys: 1 });
    expect(row.share_of_search__change).toBeCloseTo(50);
  });
});

describe.each(TEST_WAREHOUSES)('period-over-period day shares on %s', (_name, open) => {
  const stock = stockWarehouse(open);

  it('matches the plain query run over each period when every product is in both', async () => {
    const plain = stockContexts().ctx('kpi', 'stats');
    const measures = ['availability_pct', 'days_in_stock_pct'];
    const compared = { ...plain, query: { ...plain.query, compare: { measures, over: ['product_id'] } } };
    const one = async (ctx: QueryContext, start: string, end: string) =>
      (await runScreenQuery(stock.wh, ctx, parseDataRequest(ctx, { start_date: start, end_date: end }), 1))
        .rows[0]!;
    const row = await one(compared, '2026-01-03', '2026-01-03');
    const current = await one(plain, '2026-01-03', '2026-01-03');
    const previous = await one(plain, '2026-01-02', '2026-01-02');
    expect(row.compare__keys).toBe(2);
    for (const m of measures) {
      expect(row[m]).toBeCloseTo(current[m] as number);
      expect(row[`${m}__previous`]).toBeCloseTo(previous[m] as number);
      expect(row[`${m}__change`]).toBeCloseTo((current[m] as number) - (previous[m] as number));
    }
    expect(row.availability_pct__change).not.toBe(0);
  });
});
