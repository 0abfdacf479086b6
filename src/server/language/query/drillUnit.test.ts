import { describe, expect, it } from 'vitest';
import type { MeasureDrill } from '../measures/measureKind.js';
import type { DatasetIndex } from '../model/datasetIndex.js';
import { drillUnit } from './drillUnit.js';
import { stockContexts } from './testing/stockContext.js';

const stock = stockContexts().ctx('kpi', 'stats').dataset;
const plan = (p: Partial<MeasureDrill> = {}) => ({ parts: [], ...p }) as MeasureDrill;
const withConfig = (ds: DatasetIndex, config: Partial<DatasetIndex['config']>): DatasetIndex => ({
  ...ds,
  config: { ...ds.config, ...config },
});
const columns = (ds: DatasetIndex, p: MeasureDrill) => drillUnit(ds, p).keys.map((k) => k.column);

describe('the rows a drill lists', () => {
  it("lists the dataset's declared rows, in its words, with each key's label column", () => {
    const unit = drillUnit(stock, plan());
    expect(unit.keys.map((k) => [k.column, k.field, k.dimension?.id])).toEqual([
      ['channel_id', 'channel_id', 'channel_id'],
      ['city_id', 'city_id', 'city_id'],
      ['product_id', 'product_id', 'product_id'],
    ]);
    expect(unit.rowNoun).toBe('listings');
    expect(unit.factNoun).toBe('observations (listing × day)');
    expect(unit.fields).toEqual([
      'channel_id',
      'channel_name',
      'city_id',
      'city_name',
      'product_id',
      'sku_name',
    ]);
  });

  it("lists the measure's own unit first: a distinct count counts its rows, a day share their days", () => {
    const distinct = drillUnit(stock, plan({ unit: ['product_id'], counts: 'distinct' }));
    expect(distinct.fields).toEqual(['product_id', 'sku_name']);
    expect(distinct.rowNoun).toBe('rows (product)');
    expect(distinct.factNoun).toBe('rows (product)');
    const days = drillUnit(stock, plan({ unit: ['product_id', 'channel_id', 'city_id'], counts: 'days' }));
    expect(days.rowNoun).toBe('rows (product × channel × city)');
    expect(days.factNoun).toBe('days (product × channel × city × day)');
  });

  it('names a unit column by its dimension (one with a lookup first), else by the column itself', () => {
    // Two dimensions read stock_status (stock_status, observed_status): the first is taken.
    const status = drillUnit(stock, plan({ unit: ['stock_status'] }));
    expect(status.keys).toEqual([expect.objectContaining({ column: 'stock_status', field: 'stock_status' })]);
    expect(status.rowNoun).toBe('rows (stock status)');
    expect(status.fields).toEqual(['stock_status']);
    const bare = drillUnit(stock, plan({ unit: ['raw_col'] }));
    expect(bare.keys).toEqual([{ column: 'raw_col', field: 'raw_col' }]);
    expect(bare.rowNoun).toBe('rows (raw_col)');
    // The dataset's own row noun belongs to its declared rows, not to a measure's unit.
    expect(bare.factNoun).toBe('observations (listing × day)');
  });

  it('falls back to the grain without its date, then to the explain dimensions, then to one row', () => {
    const noDrill = withConfig(stock, { drill: undefined });
    expect(columns(noDrill, plan())).toEqual(['product_id', 'channel_id', 'city_id']);
    expect(drillUnit(noDrill, plan()).rowNoun).toBe('rows (product × channel × city)');
    expect(drillUnit(noDrill, plan()).factNoun).toBe('fact rows');
    const noGrain = withConfig(noDrill, { grain: undefined });
    expect(columns(noGrain, plan())).toEqual([
      'channel_id',
      'city_id',
      'brand_id',
      'category_id',
      'product_id',
    ]);
    const nothing = withConfig(noGrain, { explain: undefined });
    expect(drillUnit(nothing, plan())).toEqual({
      keys: [],
      rowNoun: 'rows',
      factNoun: 'fact rows',
      fields: [],
    });
  });
});
