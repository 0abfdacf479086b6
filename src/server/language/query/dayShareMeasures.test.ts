import { describe, expect, it } from 'vitest';
import { indexDataset } from '../model/datasetIndex.js';
import { dayShareEntity, dayShareSplit, rowsAreUnitDays } from './dayShareMeasures.js';
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

describe('day shares split from measures that do not decompose', () => {
  const unit = ['product_id', 'channel_id', 'city_id'];
  const byChannel = indexDataset({
    ...ds.config,
    measures: [
      ...ds.config.measures,
      {
        kind: 'entityDayShare',
        id: 'channel_days_pct',
        label: 'Channel days',
        description: 'd',
        format: 'percent',
        entity: ['channel_id'],
        where: { column: 'stock_status', in: [1] },
      },
    ],
  });

  it('gives the day shares their unit and leaves the rest, in the order asked', () => {
    const split = dayShareSplit(ds, ['lost_sales', 'days_in_stock_pct', 'in_stock', 'lost_units']);
    expect(split).toEqual({
      shares: ['days_in_stock_pct'],
      rest: ['lost_sales', 'in_stock', 'lost_units'],
    });
    expect(dayShareEntity(ds, split!.shares)).toEqual(unit);
  });

  it('is not needed when one plan answers every measure', () => {
    expect(dayShareSplit(ds, ['days_in_stock_pct', 'in_stock', 'sku_count'])).toBeNull();
    expect(dayShareSplit(ds, ['lost_sales', 'in_stock'])).toBeNull();
    expect(dayShareSplit(ds, [])).toBeNull();
  });

  it('is not made for day shares over different units', () => {
    expect(dayShareSplit(byChannel, ['days_in_stock_pct', 'channel_days_pct', 'lost_sales'])).toBeNull();
    const split = dayShareSplit(byChannel, ['channel_days_pct', 'lost_sales']);
    expect(split).toMatchObject({ shares: ['channel_days_pct'] });
    expect(dayShareEntity(byChannel, split!.shares)).toEqual(['channel_id']);
  });
});

describe('per-unit plan from the declared grain', () => {
  const unit = ['product_id', 'channel_id', 'city_id'];

  it('applies when the grain is the unit plus the date column', () => {
    expect(ds.config.grain).toEqual(['product_id', 'channel_id', 'city_id', 'crawl_date']);
    expect(rowsAreUnitDays(ds, unit)).toBe(true);
    expect(rowsAreUnitDays(ds, ['city_id', 'product_id', 'channel_id'])).toBe(true);
  });

  it('does not apply without a grain, to a coarser unit, or to a unit column outside the grain', () => {
    const { grain: _grain, ...config } = ds.config;
    expect(rowsAreUnitDays(indexDataset(config), unit)).toBe(false);
    // Several rows per (product, channel, day): one per city.
    expect(rowsAreUnitDays(ds, ['product_id', 'channel_id'])).toBe(false);
    // brand_id is not a key column: it might be NULL.
    expect(rowsAreUnitDays(ds, [...unit, 'brand_id'])).toBe(false);
  });
});
