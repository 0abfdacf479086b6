import { describe, expect, it } from 'vitest';
import { formatTileValue } from './tileValue.js';

describe('tile values', () => {
  it('numeric text is read as its number', () => {
    expect(formatTileValue('150000', 'integer', undefined, 'indian')).toEqual({
      text: '1.5 L',
      full: '1,50,000',
    });
    expect(formatTileValue('1500', 'integer')).toEqual({ text: '1.5k', full: '1,500' });
  });

  it('empty text has nothing to show', () => {
    expect(formatTileValue('', 'integer').text).toBe('---');
    expect(formatTileValue(null, 'currency').text).toBe('---');
  });

  it('formats that are not amounts keep their own form at any size', () => {
    expect(formatTileValue(150000, 'percent')).toEqual({ text: '150000.0%', full: '150000.0%' });
  });

  it('currencyShort is money: written out in full below 1,000', () => {
    expect(formatTileValue(500, 'currencyShort')).toEqual({ text: '₹500.00', full: '₹500.00' });
    expect(formatTileValue(2_500_000, 'currencyShort')).toEqual({ text: '₹2.5m', full: '₹2,500,000' });
    expect(formatTileValue(250000, 'currencyShort', undefined, 'indian')).toEqual({
      text: '₹2.5 L',
      full: '₹2,50,000',
    });
  });

  it('1,000 is the first short figure (the spec’s k), the full count on hover', () => {
    expect(formatTileValue(1000, 'short')).toEqual({ text: '1k', full: '1,000' });
    expect(formatTileValue(999, 'short')).toEqual({ text: '999', full: '999' });
    expect(formatTileValue(11466, 'integer')).toEqual({ text: '11.5k', full: '11,466' });
    expect(formatTileValue(2_500_000, 'integer')).toEqual({ text: '2.5m', full: '2,500,000' });
  });
});
