import { describe, expect, it } from 'vitest';
import { indexDataset } from '../model/datasetIndex.js';
import { measureHasUnit, measureUnit } from './measureUnit.js';

const ds = indexDataset({
  kind: 'dataset',
  id: 'stock',
  schemaVersion: 2,
  label: 'Stock',
  description: 'x',
  table: 'fact_stock',
  dateColumn: 'crawl_date',
  dimensions: [],
  measures: [
    {
      kind: 'count',
      id: 'obs',
      label: 'Observations',
      description: 'x',
      format: 'short',
      unit: 'observations',
    },
    {
      kind: 'countIf',
      id: 'oos',
      label: 'Out',
      description: 'x',
      format: 'short',
      where: { column: 'stock_status', equals: 0 },
    },
    { kind: 'sum', id: 'spend', label: 'Spend', description: 'x', format: 'currency', column: 'spend' },
    { kind: 'sum', id: 'sales', label: 'Ad Sales', description: 'x', format: 'currency', column: 'sales' },
    {
      kind: 'ratio',
      id: 'avail',
      label: 'Avail',
      description: 'x',
      format: 'percent',
      numerator: 'oos',
      denominator: 'obs',
      scale: 100,
    },
    {
      kind: 'ratio',
      id: 'acos',
      label: 'ACoS',
      description: 'x',
      format: 'percent',
      numerator: 'spend',
      denominator: 'sales',
      scale: 100,
    },
  ],
});

describe('measureUnit', () => {
  it('a declared unit; a percentage of a ratio reads "% of" its whole', () => {
    expect(measureUnit(ds, 'obs')).toBe('observations');
    expect(measureUnit(ds, 'avail')).toBe('% of observations');
    expect(measureUnit(ds, 'acos')).toBe('% of ad sales');
  });

  it('money needs none; a count without one has none and fails the tile check', () => {
    expect(measureUnit(ds, 'spend')).toBeUndefined();
    expect(measureHasUnit(ds, 'spend')).toBe(true);
    expect(measureHasUnit(ds, 'oos')).toBe(false);
  });
});
