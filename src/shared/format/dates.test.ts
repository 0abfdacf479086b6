import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLoginTime, formatMonth, parsePickerDate } from './dates.js';

describe('dates with nothing to show', () => {
  it('null, undefined, empty and the all-time -1 read ---', () => {
    for (const format of [formatDate, formatMonth, formatLoginTime, formatDateTime])
      for (const value of [null, undefined, '', '-1', 'not a date']) expect(format(value)).toBe('---');
  });

  it('a date reads in the display formats', () => {
    expect(formatDate('2026-11-22')).toBe('22-Nov-2026');
    expect(formatMonth('2026-11-22')).toBe("Nov '26");
  });
});

describe('picker dates', () => {
  it('spaces around a typed date do not matter', () => {
    expect(parsePickerDate('  22-11-2026 ')).toBe('2026-11-22');
    expect(parsePickerDate('31-02-2026')).toBeNull();
  });
});
