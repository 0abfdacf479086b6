import { describe, expect, it } from 'vitest';
import { columnPaise, formatCurrency, formatInteger, formatPlain, formatShort } from './numbers.js';

describe('numbers with nothing to show', () => {
  it('null, undefined, empty text and non-numbers read ---', () => {
    for (const value of [null, undefined, '', 'abc', Infinity]) {
      expect(formatPlain(value)).toBe('---');
      expect(formatInteger(value)).toBe('---');
      expect(formatCurrency(value)).toBe('---');
      expect(formatShort(value)).toBe('---');
    }
  });

  it('numeric text reads as its number', () => {
    expect(formatPlain('1234.5', 'international')).toBe('1,234.50');
    expect(formatInteger('0')).toBe('0');
  });
});

describe('short forms drop trailing zeros', () => {
  it('one crore reads 1 Cr, not 1.00 Cr', () => {
    expect(formatShort(1e7, 'indian')).toBe('1 Cr');
    expect(formatShort(1.1e7, 'indian')).toBe('1.1 Cr');
    expect(formatShort(2e5, 'indian')).toBe('2 L');
    expect(formatShort(1e6, 'international')).toBe('1m');
  });
});

describe('currency', () => {
  it('zero has no minus sign; negatives do', () => {
    expect(formatCurrency(0)).toBe('₹0.00');
    expect(formatCurrency(-49.5)).toBe('-₹49.50');
  });

  it('paise below ₹1,000, whole rupees from ₹1,000 on', () => {
    expect(formatCurrency(999.5, undefined, false, 'international')).toBe('₹999.50');
    expect(formatCurrency(1000, undefined, false, 'international')).toBe('₹1,000');
    expect(formatCurrency(1000.4, undefined, false, 'international')).toBe('₹1,000');
    expect(formatCurrency(12480.6, { symbol: '$' }, false, 'international')).toBe('$12,481');
  });

  it('a column prints all its rupees one way: paise when any value is below ₹1,000', () => {
    const column = (values: unknown[]) => {
      const paise = columnPaise(values);
      return values.map((v) => formatCurrency(v, undefined, false, 'international', paise));
    };
    expect(column([475.62, 2009, null])).toEqual(['₹475.62', '₹2,009.00', '---']);
    expect(column([1250.4, 2009])).toEqual(['₹1,250', '₹2,009']);
  });
});
