import { describe, expect, it } from 'vitest';
import type { MeasureNode, ScreenQuery } from '../../../shared/config.gen.js';
import { loadConfigSnapshot } from '../config/loadConfigRegistry.js';
import { indexDataset, type DatasetIndex } from '../model/datasetIndex.js';
import { lostSalesTotalsTableOf } from '../measures/lostSalesTable.js';
import type { LostSalesModel } from '../../../shared/config.gen.js';
import { SqlParams } from '../../platform/warehouse/sql/sqlBuilder.js';
import { listingDayTotals, listingDayTotalsSql } from './listingDayTotals.js';
import { dataRequest } from './testing/dataRequests.js';

/**
 * When a query's lost sales are summed from the listing-day totals instead of a join per stock
 * row, and the SQL that sums them. Their answers against the join are lostSales.test.ts's.
 */
const snapshot = loadConfigSnapshot('screens');
const stock = indexDataset(snapshot.datasets.get('stock')!);
const sales = indexDataset(snapshot.datasets.get('sales')!);
const model = (stock.measures.get('lost_sales') as { model: LostSalesModel }).model;
const TABLE = lostSalesTotalsTableOf(model);

const query = (q: Partial<ScreenQuery> = {}): ScreenQuery => ({ id: 'q', measures: [], ...q }) as ScreenQuery;
/** The stock dataset with extra measures (ratios over lost sales the shipped config has none of). */
const withMeasures = (...extra: MeasureNode[]): DatasetIndex => ({
  ...stock,
  measures: new Map([...stock.measures, ...extra.map((m) => [m.id, m] as const)]),
});
const ratio = (id: string, numerator: string, denominator: string, more: object = {}) =>
  ({ kind: 'ratio', id, label: id, numerator, denominator, ...more }) as MeasureNode;

describe('which queries read the listing-day totals', () => {
  const lost = query({ measures: ['lost_sales', 'in_stock', 'lost_units'] });

  it('a one-row query of the stock rows: its lost-sales measures, in the query order', () => {
    expect(listingDayTotals(stock, lost, dataRequest(), false)).toEqual({
      ids: ['lost_sales', 'lost_units'],
      table: TABLE,
      keys: [],
    });
  });

  it('keyed by the listing and attribute columns the totals keep', () => {
    const byListing = query({ ...lost, groupBy: ['channel_id', 'product_id'] });
    expect(listingDayTotals(stock, byListing, dataRequest(), false)?.keys).toEqual([
      { id: 'channel_id', column: 'channel_id' },
      { id: 'product_id', column: 'product_id' },
    ]);
    // The stock rows' attributes (stock.attributes of the model): a grid by brand.
    const byBrand = query({ ...lost, groupBy: ['brand_id', 'is_competitor'] });
    expect(listingDayTotals(stock, byBrand, dataRequest(), false)?.keys).toEqual([
      { id: 'brand_id', column: 'brand_id' },
      { id: 'is_competitor', column: 'is_competitor' },
    ]);
    // A city is not kept: a listing-day sums over its cities.
    expect(
      listingDayTotals(stock, query({ ...lost, groupBy: ['city_id'] }), dataRequest(), false),
    ).toBeNull();
    expect(
      listingDayTotals(stock, query({ ...lost, groupBy: ['product_id', 'city_id'] }), dataRequest(), false),
    ).toBeNull();
    // A dimension that is no column of the table (mapped into one).
    expect(
      listingDayTotals(stock, query({ ...lost, groupBy: ['city_zone_id'] }), dataRequest(), false),
    ).toBeNull();
  });

  it('not where the rows read differ from the whole listing-days', () => {
    const where = query({ ...lost, where: [{ field: 'channel_id', in: [1] }] });
    expect(listingDayTotals(stock, where, dataRequest(), false)).toBeNull();
    expect(listingDayTotals(stock, lost, dataRequest(), true)).toBeNull();
    const compare = query({ ...lost, compare: { measures: ['lost_sales'], over: ['product_id'] } });
    expect(listingDayTotals(stock, compare, dataRequest(), false)).toBeNull();
  });

  it('filters on columns the totals keep, and a page of a grid', () => {
    const when = (dimension: string, op: 'in' | 'lte' = 'in') =>
      listingDayTotals(stock, lost, dataRequest({ conditions: [{ dimension, op, values: [1] }] }), false);
    for (const listingFilter of ['channel_id', 'product_id', 'tag_id', 'brand_id', 'label_category_id'])
      expect(when(listingFilter)?.ids, listingFilter).toEqual(['lost_sales', 'lost_units']);
    expect(when('product_id', 'lte')?.ids).toEqual(['lost_sales', 'lost_units']);
    // A city, a zone of cities, a status of each stock row or at the last crawl.
    for (const rowFilter of ['city_id', 'city_zone_id', 'on_promo', 'observed_status', 'stock_status'])
      expect(when(rowFilter), rowFilter).toBeNull();
    const both = dataRequest({
      conditions: [
        { dimension: 'channel_id', op: 'in', values: [1] },
        { dimension: 'city_id', op: 'in', values: [2] },
      ],
    });
    expect(listingDayTotals(stock, lost, both, false)).toBeNull();
    const grid = query({ ...lost, paged: true, groupBy: ['product_id', 'channel_id'] });
    expect(listingDayTotals(stock, grid, dataRequest(), false)?.keys).toHaveLength(2);
  });

  it('no lost-sales measure, or lost sales over rows that are not the stock rows: nothing to read', () => {
    expect(listingDayTotals(stock, query({ measures: ['in_stock'] }), dataRequest(), false)).toBeNull();
    const salesLost = [...sales.measures.values()].filter((m) => m.kind === 'lostSales').map((m) => m.id);
    expect(salesLost.length).toBeGreaterThan(0);
    expect(listingDayTotals(sales, query({ measures: salesLost }), dataRequest(), false)).toBeNull();
  });

  it('a ratio of lost-sales measures of the same table, not one with a fact-row side or common days', () => {
    const ds = withMeasures(
      ratio('rupees_per_unit', 'lost_sales', 'lost_units'),
      ratio('per_in_stock', 'lost_sales', 'in_stock'),
      ratio('per_in_stock_reversed', 'in_stock', 'lost_sales'),
      ratio('common', 'lost_sales', 'lost_units', { commonDays: true }),
      ratio('nested', 'rupees_per_unit', 'lost_units'),
    );
    const q = query({
      measures: ['per_in_stock', 'rupees_per_unit', 'per_in_stock_reversed', 'common', 'nested'],
    });
    expect(listingDayTotals(ds, q, dataRequest(), false)?.ids).toEqual(['rupees_per_unit', 'nested']);
    expect(
      listingDayTotals(ds, query({ measures: ['per_in_stock', 'common'] }), dataRequest(), false),
    ).toBeNull();
  });

  it('gives up on a ratio nested past eight levels', () => {
    const chain = Array.from({ length: 10 }, (_, i) =>
      ratio(`r${i}`, i === 0 ? 'lost_sales' : `r${i - 1}`, 'lost_units'),
    );
    const ds = withMeasures(...chain);
    expect(listingDayTotals(ds, query({ measures: ['r7'] }), dataRequest(), false)?.ids).toEqual(['r7']);
    expect(listingDayTotals(ds, query({ measures: ['r8'] }), dataRequest(), false)).toBeNull();
  });
});

describe('the SQL over the listing-day totals', () => {
  const sqlOf = (keys: string[], r = dataRequest()) => {
    const q = query({ measures: ['lost_units', 'lost_sales'], groupBy: keys });
    const totals = listingDayTotals(stock, q, r, false)!;
    const p = new SqlParams('duckdb');
    const tenant = p.add(7);
    return { sql: listingDayTotalsSql(stock, totals, r, p, tenant), params: p.values };
  };

  it('one row over the tenant and the period', () => {
    const { sql, params } = sqlOf([], dataRequest({ startDate: '2026-01-01', endDate: '2026-01-07' }));
    expect(sql).toBe(
      `SELECT SUM(t."__units") AS "lost_units", SUM(t."__rupees") AS "lost_sales"\n` +
        `FROM "${TABLE}" t\nWHERE t."group_id" = $1 AND t.__day >= CAST($2 AS DATE) AND t.__day <= CAST($3 AS DATE)`,
    );
    expect(params).toEqual([7, '2026-01-01', '2026-01-07']);
  });

  it('grouped by its keys, each bound of the period only when given', () => {
    const { sql, params } = sqlOf(['product_id'], dataRequest({ endDate: '2026-01-07' }));
    expect(sql).toBe(
      `SELECT t."product_id" AS "product_id", SUM(t."__units") AS "lost_units", SUM(t."__rupees") AS "lost_sales"\n` +
        `FROM "${TABLE}" t\nWHERE t."group_id" = $1 AND t.__day <= CAST($2 AS DATE)\nGROUP BY t."product_id"`,
    );
    expect(params).toEqual([7, '2026-01-07']);
    const filtered = sqlOf(
      [],
      dataRequest({
        conditions: [
          { dimension: 'channel_id', op: 'in', values: [4, 5] },
          { dimension: 'tag_id', op: 'in', values: [9] },
          { dimension: 'product_id', op: 'in', values: [8] },
        ],
      }),
    );
    // The fact rows' conditions, over the table: a tag's products merged with the products chosen.
    expect(filtered.sql).toMatch(
      /WHERE t\."group_id" = \$1 AND t\."channel_id" IN \(\$2, \$3\) AND \(t\."product_id" IN \(SELECT m\."product_id" FROM "dim_product_tag" m WHERE m\."tag_id" IN \(\$4\) AND m\."group_id" = \$1\) OR t\."product_id" IN \(\$5\)\)$/,
    );
    expect(filtered.params).toEqual([7, 4, 5, 9, 8]);
    expect(sqlOf([], dataRequest({ startDate: '2026-01-01' })).sql).toMatch(
      /WHERE t\."group_id" = \$1 AND t\.__day >= CAST\(\$2 AS DATE\)$/,
    );
  });
});
