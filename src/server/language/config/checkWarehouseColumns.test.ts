/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument -- these tests break the dataset on purpose */
import { describe, expect, it } from 'vitest';
import type { DatasetConfig } from '../../../shared/config.gen.js';
import { checkWarehouseColumns } from './checkWarehouseColumns.js';
import { formatProblem } from './configProblems.js';

/** A small dataset over fact_stock whose every table and column exists. */
function dataset(): DatasetConfig {
  return {
    kind: 'dataset',
    schemaVersion: 1,
    id: 'tiny',
    label: 'Tiny',
    table: 'fact_stock',
    dateColumn: 'crawl_date',
    grain: ['product_id', 'channel_id', 'city_id', 'crawl_date'],
    dimensions: [
      {
        kind: 'column',
        id: 'brand_id',
        column: 'brand_id',
        type: 'integer',
        label: 'Brand',
        lookup: { table: 'dim_brand', key: 'brand_id', labelColumn: 'brand_name' },
      },
      {
        kind: 'mapped',
        id: 'label_category_id',
        type: 'integer',
        label: 'Label category',
        into: 'brand_id',
        table: 'dim_category',
        key: 'category_id',
        column: 'label_category_id',
      },
    ],
    measures: [
      { kind: 'count', id: 'rows', label: 'Rows', description: 'r', format: 'short' },
      {
        kind: 'countIf',
        id: 'in_stock',
        label: 'In stock',
        description: 'i',
        format: 'short',
        where: { column: 'stock_status', equals: 1, and: [{ column: 'city_id', in: [1] }] },
      },
      {
        kind: 'sum',
        id: 'stores',
        label: 'Stores',
        description: 's',
        format: 'short',
        column: 'stores_total',
      },
    ],
  };
}

const check = (ds: DatasetConfig) =>
  checkWarehouseColumns('datasets/tiny.dataset.json', ds).map(formatProblem);

describe('checkWarehouseColumns', () => {
  it('accepts tables and columns the warehouse DDL has, joined dimension tables included', () => {
    expect(check(dataset())).toEqual([]);
  });

  it('refuses a measure or dimension column the fact table lacks, with the closest column', () => {
    const ds = dataset() as any;
    ds.measures[2].column = 'store_total';
    ds.measures[1].where.and[0].column = 'city';
    ds.dimensions[0].column = 'brand';
    ds.grain[0] = 'sku_id';
    ds.grainAttributes = ['brand_id', 'categry_id'];
    const problems = check(ds as DatasetConfig);
    expect(problems).toHaveLength(5);
    expect(problems[0]).toBe(
      'datasets/tiny.dataset.json#/grain/0: warehouse table "fact_stock" has no column "sku_id"; allowed: ' +
        'brand_id, category_id, channel_id, city_id, crawl_date, group_id, is_competitor, on_promo, prev_crawl_date, ' +
        'product_id, stock_status, store_share, … (2 more) (a new column needs a warehouse change first: ' +
        'src/server/platform/warehouse/schema)',
    );
    expect(problems.slice(1)).toEqual([
      expect.stringMatching(/#\/grainAttributes\/1: .* no column "categry_id"; did you mean "category_id"\?/),
      expect.stringMatching(/#\/dimensions\/0\/column: .* no column "brand"; did you mean "brand_id"\?/),
      expect.stringMatching(
        /#\/measures\/1\/where\/and\/0\/column: .* no column "city"; did you mean "city_id"\?/,
      ),
      expect.stringMatching(
        /#\/measures\/2\/column: .* no column "store_total"; did you mean "stores_total"\?/,
      ),
    ]);
  });

  it('checks lookup and mapped columns against their own dimension table', () => {
    const ds = dataset() as any;
    ds.dimensions[0].lookup.labelColumn = 'name';
    ds.dimensions[0].lookup.attributes = ['brand_nam'];
    ds.dimensions[1].column = 'label_category';
    expect(check(ds as DatasetConfig)).toEqual([
      expect.stringMatching(
        /#\/dimensions\/0\/lookup\/labelColumn: warehouse table "dim_brand" has no column "name"/,
      ),
      expect.stringMatching(
        /#\/dimensions\/0\/lookup\/attributes\/0: warehouse table "dim_brand" .* did you mean "brand_name"\?/,
      ),
      expect.stringMatching(
        /#\/dimensions\/1\/column: warehouse table "dim_category" .* did you mean "label_category_id"\?/,
      ),
    ]);
  });

  it('refuses an unknown table once, without a message per column', () => {
    const ds = dataset() as any;
    ds.table = 'fact_stocks';
    ds.dimensions[0].lookup.table = 'brand';
    expect(check(ds as DatasetConfig)).toEqual([
      expect.stringMatching(/#\/dimensions\/0\/lookup\/table: unknown warehouse table "brand"; allowed: /),
      expect.stringMatching(/#\/table: unknown warehouse table "fact_stocks"; did you mean "fact_stock"\?/),
    ]);
  });
});

describe("a lost-sales model's tables and columns", () => {
  const model = () => ({
    listing: ['product_id', 'channel_id'],
    city: 'city_id',
    stock: {
      table: 'fact_stock',
      dateColumn: 'crawl_date',
      status: 'stock_status',
      storeShare: 'store_share',
      stores: 'stores_total',
      attributes: ['brand_id', 'category_id'],
    },
    sales: { table: 'v_sales', dateColumn: 'sale_date', units: 'units' },
    price: { table: 'fact_price', dateColumn: 'crawl_date', column: 'selling_price' },
  });
  const withModel = (edit: (m: any) => void) => {
    const ds: any = dataset();
    const m = model();
    edit(m);
    ds.measures.push({
      kind: 'lostSales',
      id: 'lost',
      label: 'Lost',
      description: 'l',
      format: 'currency',
      value: 'rupees',
      model: m,
    });
    return check(ds);
  };

  it('every one exists', () => {
    expect(withModel(() => {})).toEqual([]);
  });

  it('refuses an attribute that may be NULL', () => {
    expect(withModel((m) => (m.stock.attributes = ['brand_id', 'store_share']))).toEqual([
      expect.stringMatching(
        /#\/measures\/3\/model\/stock\/attributes\/1: "store_share" of "fact_stock" may be NULL: the lost-sales totals keep NOT NULL attributes only$/,
      ),
    ]);
  });

  it('refuses an attribute, a listing column or a table the warehouse lacks, at its place', () => {
    expect(
      withModel((m) => {
        m.stock.attributes = ['brand_id', 'brand'];
        m.listing = ['product_id', 'chanel_id'];
        m.price.table = 'fact_prices';
      }),
    ).toEqual([
      expect.stringMatching(
        /#\/measures\/3\/model\/listing\/1: warehouse table "fact_stock" has no column "chanel_id"; did you mean "channel_id"\?/,
      ),
      expect.stringMatching(
        /#\/measures\/3\/model\/stock\/attributes\/1: warehouse table "fact_stock" has no column "brand"/,
      ),
      expect.stringMatching(
        /#\/measures\/3\/model\/listing\/1: warehouse table "v_sales" has no column "chanel_id"/,
      ),
      expect.stringMatching(/#\/measures\/3\/model\/price\/table: unknown warehouse table "fact_prices"/),
    ]);
  });
});
