import { describe, expect, it } from 'vitest';
import { formatTileValue } from './tileValue.js';

describe('tile values', () => {
  it('numeric text is read as its number', () => {
    expect(formatTileValue('150000', 'integer')).toEqual({ text: '1.5 L', full: '1,50,000' });
    expect(formatTileValue('1500', 'integer', undefined, 'international')).toEqual({
      text: '1,500',
      full: '1,500',
    });
  });

  it('empty text has nothing to show', () => {
    expect(formatTileValue('', 'integer').text).toBe('---');
    expect(formatTileValue(null, 'currency').text).toBe('---');
  });

  it('formats that are not amounts keep their own form at any size', () => {
    expect(formatTileValue(150000, 'percent')).toEqual({ text: '150000.0%', full: '150000.0%' });
  });

  it('currencyShort is money: written out in full below one lakh', () => {
    expect(formatTileValue(500, 'currencyShort')).toEqual({ text: '₹500.00', full: '₹500.00' });
    expect(formatTileValue(250000, 'currencyShort')).toEqual({ text: '₹2.5 L', full: '₹2,50,000' });
  });

  it('a short count of 1,000 is written out in full', () => {
    expect(formatTileValue(1000, 'short')).toEqual({ text: '1,000', full: '1,000' });
    expect(formatTileValue(999, 'short')).toEqual({ text: '999', full: '999' });
  });

  it('one lakh is the first short figure', () => {
    expect(formatTileValue(100000, 'integer')).toEqual({ text: '1 L', full: '1,00,000' });
    expect(formatTileValue(99999, 'integer')).toEqual({ text: '99,999', full: '99,999' });
  });
});
