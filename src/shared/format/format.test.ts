import { describe, expect, it } from 'vitest';
import { formatCurrency, formatPercent, formatPlain, formatShort } from './numbers.js';
import { formatDate, formatLoginTime, formatMonth } from './dates.js';
import { formatValue } from './formatValue.js';

describe('formats (docs/product-spec.md §9)', () => {
  it('short numbers use k/m/b/t/q at 1e3..1e15 with one decimal', () => {
    expect(formatShort(999)).toBe('999');
    expect(formatShort(1000)).toBe('1k');
    expect(formatShort(1234)).toBe('1.2k');
    expect(formatShort(2_560_000)).toBe('2.6m');
    expect(formatShort(3e9)).toBe('3b');
    expect(formatShort(4.25e12)).toBe('4.3t');
    expect(formatShort(5e15)).toBe('5q');
    expect(formatShort(-1500)).toBe('-1.5k');
  });

  it('plain values have two decimals', () => {
    expect(formatPlain(12)).toBe('12.00');
    expect(formatPlain('3.456')).toBe('3.46');
  });

  it('currency comes from the user currency info', () => {
    expect(formatCurrency(10)).toBe('₹10.00');
    expect(formatCurrency(2500, { symbol: '$' }, true)).toBe('$2.5k');
  });

  it('percent, and missing values print ---', () => {
    expect(formatPercent(87.25)).toBe('87.3%');
    expect(formatPercent(null)).toBe('---');
    expect(formatShort('abc')).toBe('---');
  });

  it("dates read DD-MMM-YYYY and MMM 'YY; login times DD-MMM-YYYY HH:mm:ss A", () => {
    expect(formatDate('2026-11-02')).toBe('02-Nov-2026');
    expect(formatMonth('2026-11-02')).toBe("Nov '26");
    expect(formatLoginTime('2026-11-02T15:04:05')).toBe('02-Nov-2026 15:04:05 PM');
    expect(formatLoginTime(null)).toBe('---');
  });

  it('formatValue dispatches by format name', () => {
    expect(formatValue(1500, 'short')).toBe('1.5k');
    expect(formatValue(55, 'percent')).toBe('55%');
    expect(formatValue('x', 'nope')).toBe('x');
  });
});
