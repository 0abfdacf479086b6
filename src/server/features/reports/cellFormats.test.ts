import { format } from 'ssf';
import { describe, expect, it } from 'vitest';
import { cellValueOf, numberFormatOf } from './cellFormats.js';

/** What a spreadsheet shows for `value` in a column of `kind` (SheetJS's ECMA-376 format engine). */
const shown = (kind: string, style: 'indian' | 'international', value: number) =>
  format(numberFormatOf(kind, style)!, value);

describe('export cell formats follow the user number style', () => {
  it('Indian groups lakhs and crores: 1,05,76,363', () => {
    expect(shown('integer', 'indian', 10576363)).toBe('1,05,76,363');
    expect(shown('integer', 'indian', 123456)).toBe('1,23,456');
    expect(shown('integer', 'indian', 12480)).toBe('12,480');
    expect(shown('plain', 'indian', 98765.432)).toBe('98,765.43');
  });

  it('international groups thousands: 10,576,363', () => {
    expect(shown('integer', 'international', 10576363)).toBe('10,576,363');
    expect(shown('plain', 'international', 123456.789)).toBe('123,456.79');
  });

  it('currency drops the paise on large values, keeps them on small ones', () => {
    expect(shown('currency', 'indian', 11054493.4)).toBe('1,10,54,493');
    expect(shown('currency', 'indian', 245.5)).toBe('245.50');
    expect(shown('currency', 'international', 12480.5)).toBe('12,481');
    expect(shown('currency', 'international', 245.5)).toBe('245.50');
  });

  it('percent cells hold the fraction under 0.0% in either style; text has no format', () => {
    expect(numberFormatOf('percent', 'indian')).toBe('0.0%');
    expect(numberFormatOf('percent', 'international')).toBe('0.0%');
    expect(format('0.0%', cellValueOf('percent', 58.93) as number)).toBe('58.9%');
    expect(cellValueOf('percent', null)).toBeNull();
    expect(numberFormatOf('text', 'indian')).toBeUndefined();
  });
});
