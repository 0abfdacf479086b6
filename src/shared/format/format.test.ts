import { describe, expect, it } from 'vitest';
import { formatCurrency, formatInteger, formatPercent, formatPlain, formatShort } from './numbers.js';
import {
  formatDate,
  formatDateTime,
  formatLoginTime,
  formatMonth,
  formatPickerDate,
  parsePickerDate,
} from './dates.js';
import { chartNumberLocale } from './numberStyle.js';
import { formatValue } from './formatValue.js';
import { formatTileValue } from './tileValue.js';

describe('formats (docs/product-spec.md §9)', () => {
  it('international short numbers use k/m/b/t/q at 1e3..1e15 with one decimal', () => {
    expect(formatShort(999, 'international')).toBe('999');
    expect(formatShort(1000, 'international')).toBe('1k');
    expect(formatShort(1234, 'international')).toBe('1.2k');
    expect(formatShort(2_560_000, 'international')).toBe('2.6m');
    expect(formatShort(3e9, 'international')).toBe('3b');
    expect(formatShort(4.25e12, 'international')).toBe('4.3t');
    expect(formatShort(5e15, 'international')).toBe('5q');
    expect(formatShort(-1500, 'international')).toBe('-1.5k');
  });

  it('plain values have two decimals', () => {
    expect(formatPlain(12)).toBe('12.00');
    expect(formatPlain('3.456')).toBe('3.46');
  });

  it('currency comes from the user currency info', () => {
    expect(formatCurrency(10)).toBe('₹10.00');
    expect(formatCurrency(2500, { symbol: '$' }, true)).toBe('$2.5k');
  });

  it('large currency drops the paise; small keeps them; the sign leads', () => {
    expect(formatCurrency(49.5)).toBe('₹49.50');
    expect(formatCurrency(999.99)).toBe('₹999.99');
    expect(formatCurrency(12480.4)).toBe('₹12,480');
    expect(formatCurrency(10576363.2)).toBe('₹10,576,363');
    expect(formatCurrency(10576363.2, undefined, false, 'indian')).toBe('₹1,05,76,363');
    expect(formatCurrency(-1500)).toBe('-₹1,500');
  });

  it('one number style: Indian lakhs and crores, or international thousands', () => {
    expect(formatInteger(10576363, 'indian')).toBe('1,05,76,363');
    expect(formatInteger(10576363)).toBe('10,576,363');
    expect(formatShort(10576363, 'indian')).toBe('1.06 Cr');
    expect(formatShort(10576363, 'international')).toBe('10.6m');
    expect(formatShort(250000, 'indian')).toBe('2.5 L');
    expect(formatShort(1234, 'indian')).toBe('1.2k');
    expect(formatPlain(1234567.891, 'indian')).toBe('12,34,567.89');
    expect(formatPlain(1234567.891, 'international')).toBe('1,234,567.89');
    expect(formatValue(10576363, 'currencyShort', undefined, 'indian')).toBe('₹1.06 Cr');
    expect(formatValue(10576363, 'integer', undefined, 'international')).toBe('10,576,363');
  });

  it('short numbers follow the spec by default: k, m, b, t, q from 1e3 to 1e15, one decimal; plain values two decimals', () => {
    expect(formatShort(2_500_000)).toBe('2.5m');
    expect(formatShort(999)).toBe('999');
    expect(formatShort(12.345)).toBe('12.35');
    expect(formatShort(1000)).toBe('1k');
    expect(formatShort(1550)).toBe('1.6k');
    expect(formatShort(-2_500_000)).toBe('-2.5m');
    expect(formatShort(3.25e9)).toBe('3.3b');
    expect(formatShort(4e12)).toBe('4t');
    expect(formatShort(5.5e15)).toBe('5.5q');
    expect(formatShort(5.5e18)).toBe('5500q');
    expect(formatValue(2_500_000, 'short')).toBe('2.5m');
    expect(formatValue(2_500_000, 'currencyShort')).toBe('₹2.5m');
    expect(formatPlain(2.5)).toBe('2.50');
    // The Indian style stays a user's choice.
    expect(formatShort(2_500_000, 'indian')).toBe('25 L');
  });

  it('counts are integers whatever arrives', () => {
    expect(formatInteger(6.6)).toBe('7');
    expect(formatValue(3.4, 'integer')).toBe('3');
  });

  it('charts group digits the same way', () => {
    expect(chartNumberLocale('indian').grouping).toEqual([3, 2]);
    expect(chartNumberLocale('international').grouping).toEqual([3]);
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
    expect(formatDateTime('2026-11-02T15:04:05')).toBe('02-Nov-2026 15:04');
    expect(formatDateTime(null)).toBe('---');
  });

  it('date pickers show and read DD-MM-YYYY', () => {
    expect(formatPickerDate('2026-11-02')).toBe('02-11-2026');
    expect(formatPickerDate('-1')).toBe('');
    expect(parsePickerDate('02-11-2026')).toBe('2026-11-02');
    expect(parsePickerDate('31-02-2026')).toBeNull();
    expect(parsePickerDate('2026-11-02')).toBeNull();
  });

  it('formatValue dispatches by format name', () => {
    expect(formatValue(1500, 'short')).toBe('1.5k');
    expect(formatValue(2_560_000, 'short', undefined, 'international')).toBe('2.6m');
    expect(formatValue(55, 'percent')).toBe('55.0%');
    expect(formatValue('x', 'nope')).toBe('x');
  });
});

describe('KPI tiles read by one rule', () => {
  it('below 1,000 in full, from 1,000 on in the short form, whatever the measure format', () => {
    // Units (short) and Revenue (currency) of one row: both full, or both short, by size alone.
    expect(formatTileValue(83456.4, 'short')).toEqual({ text: '83.5k', full: '83,456' });
    expect(formatTileValue(83456, 'currency')).toEqual({ text: '₹83.5k', full: '₹83,456' });
    expect(formatTileValue(11054493.4, 'currency')).toEqual({ text: '₹11.1m', full: '₹11,054,493' });
    expect(formatTileValue(11054493.4, 'currency', undefined, 'indian')).toEqual({
      text: '₹1.11 Cr',
      full: '₹1,10,54,493',
    });
    expect(formatTileValue(835000, 'integer', undefined, 'indian')).toEqual({
      text: '8.35 L',
      full: '8,35,000',
    });
    expect(formatTileValue(245.5, 'currency').text).toBe('₹245.50');
    expect(formatTileValue(12.5, 'short').text).toBe('12.5');
    expect(formatTileValue(999.567, 'plain').text).toBe('999.57');
    expect(formatTileValue(1234.567, 'plain')).toEqual({ text: '1.2k', full: '1,234.57' });
  });

  it('percent and missing values keep their own form', () => {
    expect(formatTileValue(58.93, 'percent').text).toBe('58.9%');
    expect(formatTileValue(null, 'currency').text).toBe('---');
    expect(formatTileValue(250000, undefined).text).toBe('250000');
  });
});
