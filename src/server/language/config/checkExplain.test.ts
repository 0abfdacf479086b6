import { describe, expect, it } from 'vitest';
import type { DatasetConfig } from '../../../shared/config.gen.js';
import { checkExplain } from './checkExplain.js';

const ds = (explain: DatasetConfig['explain']) =>
  ({
    dimensions: [
      { kind: 'column', id: 'channel_id', column: 'channel_id', type: 'integer', label: 'Channel' },
      { kind: 'mapped', id: 'city_zone_id', into: 'channel_id', label: 'Zone' },
    ],
    measures: [
      { kind: 'sum', id: 'revenue', column: 'revenue' },
      { kind: 'sum', id: 'units', column: 'units' },
      { kind: 'avg', id: 'avg_price', column: 'price' },
    ],
    explain,
  }) as unknown as DatasetConfig;

const problems = (explain: DatasetConfig['explain']) => {
  const out: string[] = [];
  checkExplain(ds(explain), (p, m) => out.push(`${p} ${m}`));
  return out;
};

describe('checkExplain', () => {
  it('accepts column dimensions and a revenue/volume pair of sums', () => {
    expect(problems({ dimensions: ['channel_id'], priceVolume: { revenue: 'units' } })).toEqual([]);
  });

  it('names a dimension that is not a column dimension, and a pair that is not two sums', () => {
    expect(problems({ dimensions: ['city_zone_id'], priceVolume: { revenue: 'avg_price' } })).toEqual([
      '/explain/dimensions/0 unknown column dimension "city_zone_id"; allowed: channel_id',
      '/explain/priceVolume/revenue "avg_price" is not a count or sum measure of the dataset; allowed: revenue, units',
    ]);
  });
});
