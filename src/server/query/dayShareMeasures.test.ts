import { describe, expect, it } from 'vitest';
import { indexDataset } from '../config/datasetIndex.js';
import { dayShareEntity } from './dayShareMeasures.js';
import { stockContexts } from './testing/stockContext.js';

const ds = stockContexts().ctx('kpi', 'stats').dataset;

describe('two-step plan for per-entity day shares', () => {
  it('is used when a day share is asked and every other measure decomposes', () => {
    expect(dayShareEntity(ds, ['availability_pct', 'days_in_stock_pct', 'sku_count'])).toEqual([
      'product_id',
      'channel_id',
      'city_id',
    ]);
  });

  it('counts a distinct unit column from the per-unit rows', () => {
    expect(dayShareEntity(ds, ['days_in_stock_pct', 'sku_count'])).toEqual([
      'product_id',
      'channel_id',
      'city_id',
    ]);
  });

  it('is not used without a day share, or when a distinct count needs the raw rows', () => {
    expect(dayShareEntity(ds, ['availability_pct', 'in_stock'])).toBeNull();
    const extra = indexDataset({
      ...ds.config,
      measures: [
        ...ds.config.measures,
        {
          kind: 'countDistinct',
          id: 'brands',
          label: 'Brands',
          description: 'd',
          format: 'integer',
          column: 'brand_id',
        },
      ],
    });
    expect(dayShareEntity(extra, ['days_in_stock_pct', 'brands'])).toBeNull();
  });
});
