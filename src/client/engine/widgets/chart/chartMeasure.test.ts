import { describe, expect, it } from 'vitest';
import { chartMeasure } from './chartMeasure.js';

describe('chartMeasure', () => {
  it('finds the encoded field that is a measure of the query, in a layer too', () => {
    const y = { encoding: { x: { field: 'crawl_date' }, y: { field: 'availability_pct' } } };
    expect(chartMeasure(y, ['availability_pct', 'in_stock'])).toBe('availability_pct');
    const bar = { encoding: { y: { field: 'city_name' }, x: { field: 'out_of_stock' } } };
    expect(chartMeasure(bar, ['out_of_stock'])).toBe('out_of_stock');
    expect(chartMeasure({ layer: [{ encoding: { y: { field: 'units' } } }] }, ['units'])).toBe('units');
    expect(chartMeasure({ encoding: { y: { field: 'other' } } }, ['units'])).toBeNull();
  });
});
