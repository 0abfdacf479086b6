import { describe, expect, it } from 'vitest';
import { parseDataRequest } from './dataRequest.js';
import { runScreenQuery } from './runScreenQuery.js';
import { stockWarehouse } from './testing/stockWarehouse.js';
import { stockContexts } from './testing/stockContext.js';
import { TEST_WAREHOUSES } from '../../platform/warehouse/testing/testWarehouses.js';

const { ctx } = stockContexts();

const dialects = TEST_WAREHOUSES;

describe.each(dialects)('compiled screen queries on %s', (_name, open) => {
  const stock = stockWarehouse(open);

  const run = (screen: 'kpi' | 'data', query: string, params: Record<string, string>, groupId = 1) => {
    const c = ctx(screen, query);
    return runScreenQuery(stock.wh, c, parseDataRequest(c, params), groupId);
  };

  it('computes the KPIs as METRICS.md defines them, for the session group only', async () => {
    const { rows, total } = await run('kpi', 'stats', {});
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({ in_stock: 5, out_of_stock: 3, delisted: 1, availability_pct: 62.5 });
    // Per listing (product x channel x city): 2 + 2 + 1 in-stock days over 3 listings x 3 days.
    expect(rows[0]!.days_in_stock_pct).toBeCloseTo((5 / 9) * 100);
    expect(rows[0]!.listing_pct).toBeCloseTo((8 / 9) * 100);
    const other = await run('kpi', 'stats', {}, 2);
    expect(other.rows[0]).toMatchObject({ in_stock: 3, out_of_stock: 0, delisted: 0, availability_pct: 100 });
  });

  it('filters by lists of ids', async () => {
    const { rows } = await run('kpi', 'stats', { channel_id: '1', brand_id: '100,101' });
    expect(rows[0]).toMatchObject({ in_stock: 3, out_of_stock: 3, delisted: 0, availability_pct: 50 });
    const competitor = await run('kpi', 'stats', { is_competitor: '1' });
    expect(competitor.rows[0]).toMatchObject({ in_stock: 1, out_of_stock: 2 });
  });

  it('merges label categories and city zones through their dimension tables', async () => {
    const byLabel = await run('kpi', 'stats', { label_category_id: '31' });
    expect(byLabel.rows[0]).toMatchObject({ in_stock: 1, out_of_stock: 2, delisted: 0 });
    const byZone = await run('kpi', 'stats', { city_zone_id: '2' });
    expect(byZone.rows[0]).toMatchObject({ in_stock: 2, delisted: 1 });
    // A category and a label category select the union of their categories.
    const union = await run('kpi', 'stats', { category_id: '300', label_category_id: '31' });
    expect(union.rows[0]).toMatchObject({ in_stock: 5, out_of_stock: 3 });
  });

  it('filters by tag through the product-tag table, for the group only', async () => {
    // Tag 50 is on product 1000 only in group 1 (group 2 also tags 1001 with it): 2 of 3 listings.
    const focus = await run('kpi', 'stats', { tag_id: '50' });
    expect(focus.rows[0]).toMatchObject({ in_stock: 4, out_of_stock: 1, delisted: 1 });
    const hero = await run('kpi', 'stats', { tag_id: '51' });
    expect(hero.rows[0]).toMatchObject({ in_stock: 5, out_of_stock: 3, delisted: 1 });
    // A tag and a product select the union of their products, as label category and category do.
    const union = await run('kpi', 'stats', { tag_id: '50', product_id: '1001' });
    expect(union.rows[0]).toMatchObject({ in_stock: 5, out_of_stock: 3 });
    const otherGroup = await run('kpi', 'stats', { tag_id: '50' }, 2);
    expect(otherGroup.rows[0]).toMatchObject({ in_stock: 0 });
  });

  it('applies the date range; -1 means all time', async () => {
    const trend = await run('kpi', 'trend', { start_date: '2026-01-02', end_date: '2026-01-03' });
    expect(trend.rows.map((r) => r.crawl_date)).toEqual(['2026-01-02', '2026-01-03']);
    expect(trend.rows[0]).toMatchObject({ in_stock: 1, out_of_stock: 2 });
    const all = await run('kpi', 'trend', { start_date: '-1', end_date: '-1' });
    expect(all.rows).toHaveLength(3);
    const none = await run('kpi', 'stats', { start_date: '2025-01-01', end_date: '2025-01-31' });
    expect(none.rows[0]).toMatchObject({ in_stock: 0, availability_pct: null });
  });

  it('pages with a total of all rows, and sorts by the requested field', async () => {
    const first = await run('data', 'rows', {
      limit: '2',
      offset: '0',
      order_by: 'sku_name',
      order_type: 'asc',
    });
    expect(first.total).toBe(3);
    expect(first.rows.map((r) => [r.sku_name, r.channel_name])).toEqual([
      ['Dove Soap 100g', 'Amazon'],
      ['Dove Soap 100g', 'Flipkart'],
    ]);
    const second = await run('data', 'rows', {
      limit: '2',
      offset: '2',
      order_by: 'sku_name',
      order_type: 'asc',
    });
    expect(second).toMatchObject({
      total: 3,
      rows: [{ sku_name: 'Nivea Men Deo', sku_code: 'SKU-1001', mrp: 99.5 }],
    });
    const past = await run('data', 'rows', { limit: '2', offset: '10' });
    expect(past).toEqual({ rows: [], total: 3 });
  });

  it('uses the config sort by default and the request order when given', async () => {
    const byDefault = await run('data', 'rows', {});
    expect(byDefault.rows.map((r) => r.availability_pct)).toEqual([
      33.333333333333336, 66.66666666666667, 100,
    ]);
    const desc = await run('data', 'rows', { order_by: 'availability_pct', order_type: 'desc' });
    expect(desc.rows.map((r) => r.availability_pct)).toEqual([100, 66.66666666666667, 33.333333333333336]);
    const brands = await run('kpi', 'brands', { order_by: 'brand_name', order_type: 'desc' });
    expect(brands.rows.map((r) => r.brand_name)).toEqual(['Nivea Men', 'Dove']);
  });
});
