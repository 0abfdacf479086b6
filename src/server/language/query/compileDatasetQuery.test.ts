import { describe, expect, it } from 'vitest';
import { parseDataRequest, type QueryContext } from './dataRequest.js';
import {
  compileDatasetQuery,
  MAX_EXPORT_ROWS,
  screenCompileInput,
  type CompileInput,
} from './compileDatasetQuery.js';
import { dataRequest } from './testing/dataRequests.js';
import { RollupCatalog, type RollupTable } from '../../platform/warehouse/rollups/rollupCatalog.js';
import { rollupPlan, rollupTableOf } from '../../platform/warehouse/rollups/rollupDdl.js';
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

describe('the SQL a screen query compiles to', () => {
  const compile = (c: QueryContext, more: Partial<CompileInput> = {}) =>
    compileDatasetQuery({
      dataset: c.dataset,
      query: c.query,
      request: dataRequest({ limit: 10 }),
      groupId: 3,
      dialect: 'duckdb',
      mode: 'page',
      ...more,
    });
  const rows = ctx('data', 'rows');
  const trend = ctx('kpi', 'trend');

  it('a page with its total; an export up to one sheet without it; every row for an export job', () => {
    const page = compile(rows);
    expect(page.sql).toContain('COUNT(*) OVER () AS "__total"');
    expect(page.sql).toMatch(/\nLIMIT \$(\d+) OFFSET \$(\d+)$/);
    const sheet = compile(rows, { mode: 'export' });
    expect(sheet.sql).not.toContain('__total');
    expect(sheet.sql).toMatch(/\nLIMIT \$\d+$/);
    expect(sheet.params.at(-1)).toBe(MAX_EXPORT_ROWS);
    const all = compile(rows, { mode: 'all' });
    expect(all.sql).not.toMatch(/LIMIT|__total/);
  });

  it("a grouped chart keeps its config's row limit; a one-row query has none", () => {
    const chart = compile(trend);
    expect(chart.sql).toMatch(/\nLIMIT \$\d+$/);
    expect(chart.params.at(-1)).toBe(400);
    const one = compile({ ...trend, query: { ...trend.query, groupBy: [], sort: [] } });
    expect(one.sql).not.toContain('LIMIT');
    expect(one.params).not.toContain(400);
  });

  it('sorts by the request, else the config, then by the keys it did not sort by', () => {
    const order = (sql: string) => /\nORDER BY (.*)\n/.exec(sql)?.[1];
    expect(order(compile(rows).sql)).toBe(
      '"availability_pct" ASC NULLS LAST, "product_id" ASC NULLS LAST, "channel_id" ASC',
    );
    const byName = dataRequest({ limit: 10, sort: { field: 'sku_name', order: 'desc' } });
    expect(order(compile(rows, { request: byName }).sql)).toBe(
      '"sku_name" DESC NULLS LAST, "product_id" ASC, "channel_id" ASC',
    );
    const byKey = dataRequest({ limit: 10, sort: { field: 'channel_id', order: 'asc' } });
    expect(order(compile(rows, { request: byKey }).sql)).toBe(
      '"channel_id" ASC NULLS LAST, "product_id" ASC',
    );
    // A config sort without an order is descending.
    const unordered = { ...rows, query: { ...rows.query, sort: [{ field: 'in_stock' }] } } as QueryContext;
    expect(order(compile(unordered).sql)).toBe(
      '"in_stock" DESC NULLS LAST, "product_id" ASC, "channel_id" ASC',
    );
  });

  it('names groups from lookup tables, each scoped to the group where the table has one', () => {
    const { sql } = compile(rows);
    expect(sql).toContain(
      'LEFT JOIN "dim_product" l0 ON l0."product_id" = a."product_id" AND l0."group_id" = $1\n',
    );
    expect(sql).toContain('LEFT JOIN "dim_channel" l1 ON l1."channel_id" = a."channel_id"\n');
    expect(sql).toContain('l0."sku_name" AS "sku_name", l0."sku_code" AS "sku_code"');
  });

  it('lost sales alone: the listing-day totals are the whole answer, binding only the group', () => {
    const lost = {
      ...rows,
      query: {
        ...rows.query,
        groupBy: [],
        paged: false,
        measures: ['lost_sales', 'lost_units'],
        sort: [{ field: 'lost_units', order: 'asc' as const }],
      },
    };
    const { sql, params } = compile(lost);
    expect(sql).toMatch(
      /^SELECT a\."lost_sales" AS "lost_sales", a\."lost_units" AS "lost_units"\nFROM \(SELECT .*\nFROM "lost_sales_\w+" t\nWHERE t\."group_id" = \$1\) a\nORDER BY "lost_units" ASC NULLS LAST$/s,
    );
    expect(params).toEqual([3]);
    const unsorted = compile({ ...lost, query: { ...lost.query, sort: [] } });
    expect(unsorted.sql).not.toContain('ORDER BY');
    // Beside a fact-row measure the totals join the aggregate.
    const beside = compile({ ...lost, query: { ...lost.query, measures: ['lost_sales', 'in_stock'] } });
    expect(beside.sql).toMatch(/t0\."lost_sales" AS "lost_sales", a\."in_stock" AS "in_stock"/);
    expect(beside.sql).toMatch(
      /\nCROSS JOIN \(SELECT SUM\(t\."__rupees"\) AS "lost_sales"\nFROM "lost_sales_\w+" t\nWHERE t\."group_id" = \$1\) t0/,
    );
    // Keyed by a listing column: joined on the key, NULL keys matching.
    const byProduct = compile({
      ...lost,
      query: { ...lost.query, groupBy: ['product_id'], measures: ['lost_sales', 'in_stock'] },
    });
    expect(byProduct.sql).toContain('t0 ON t0."product_id" = a."product_id"');
  });

  describe('over a rollup of the facts (PostgreSQL keeps them)', () => {
    const stockConfig = trend.dataset.config;
    const declared = stockConfig.rollups![0]!;
    const rollupOf = (columns: string[], id = declared.id): RollupTable => {
      return rollupTableOf(rollupPlan(stockConfig, { ...declared, id, columns }));
    };
    const daily = rollupOf(declared.columns);
    const noStatus = rollupOf(
      declared.columns.filter((c) => c !== 'stock_status'),
      'narrow',
    );
    const from = (sql: string) => [...sql.matchAll(/FROM "(\w+)" f/g)].map((m) => m[1]);

    it('reads the first rollup that has every column the SQL reads', () => {
      const on = compile(trend, { dialect: 'postgres', rollups: [noStatus, daily] });
      expect(from(on.sql)).toEqual([daily.table]);
      expect(on.sql).toContain('SUM(f."__rows")');
      const wider = rollupOf(declared.columns, 'wide');
      expect(from(compile(trend, { dialect: 'postgres', rollups: [daily, wider] }).sql)).toEqual([
        daily.table,
      ]);
      expect(from(compile(trend, { dialect: 'postgres', rollups: [noStatus] }).sql)).toEqual(['fact_stock']);
    });

    it('the facts for what a rollup cannot answer: a city, a joined relation, a day share', () => {
      const byCity = ctx('kpi', 'cities');
      expect(from(compile(byCity, { dialect: 'postgres', rollups: [daily] }).sql)).toEqual(['fact_stock']);
      const lost = { ...trend, query: { ...trend.query, measures: ['in_stock', 'lost_sales'] } };
      expect(from(compile(lost, { dialect: 'postgres', rollups: [daily] }).sql)).toEqual(['fact_stock']);
      const share = { ...trend, query: { ...trend.query, measures: ['in_stock', 'days_in_stock_pct'] } };
      expect(new Set(from(compile(share, { dialect: 'postgres', rollups: [daily] }).sql))).toEqual(
        new Set(['fact_stock']),
      );
    });

    it("a screen's compile input carries the rollups its warehouse keeps of the dataset's table", () => {
      const catalog = new RollupCatalog();
      catalog.replace(new Map([['fact_stock', [daily]]]));
      const input = screenCompileInput(
        { dialect: 'postgres', rollups: catalog },
        trend,
        dataRequest(),
        3,
        'all',
      );
      expect(input).toMatchObject({
        dialect: 'postgres',
        groupId: 3,
        mode: 'all',
        rollups: [daily],
        query: trend.query,
      });
      expect(
        screenCompileInput({ dialect: 'duckdb' }, trend, dataRequest(), 3, 'page').rollups,
      ).toBeUndefined();
    });
  });
});
