import { describe, expect, it } from 'vitest';
import { tileUnit } from './tileUnit.js';

describe('tileUnit', () => {
  const oos = { id: 'out_of_stock', label: 'Out Of Stock', unit: 'observations (listing × day)' };
  it("says the tile's own unit first, then its measure's", () => {
    expect(tileUnit({ unit: 'listings' }, oos, undefined)).toBe('listings');
    expect(tileUnit({}, oos, undefined)).toBe('observations (listing × day)');
  });

  it("names money in the user's currency", () => {
    const spend = { id: 'spend', label: 'Spend', format: 'currency' as const };
    expect(tileUnit({}, spend, undefined)).toBe('rupees');
    expect(tileUnit({}, spend, { symbol: '$' })).toBe('dollars');
    expect(tileUnit({ format: 'currency' }, { id: 'x', label: 'X' }, { symbol: 'CHF' })).toBe('CHF');
  });

  it('is undefined for a figure without a unit', () => {
    expect(tileUnit({}, { id: 'x', label: 'X', format: 'plain' }, undefined)).toBeUndefined();
  });
});
