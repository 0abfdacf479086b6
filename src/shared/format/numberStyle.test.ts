import { describe, expect, it } from 'vitest';
import { chartNumberLocale, DEFAULT_NUMBER_STYLE, isNumberStyle, NUMBER_STYLES } from './numberStyle.js';

describe('number styles', () => {
  it('international (the spec’s k, m, b, t, q; the default) and Indian', () => {
    expect(DEFAULT_NUMBER_STYLE).toBe('international');
    expect(NUMBER_STYLES.indian).toEqual({ label: 'Indian (1,05,76,363 / 1.06 Cr)', locale: 'en-IN' });
    expect(NUMBER_STYLES.international).toEqual({
      label: 'International (10,576,363 / 10.6m)',
      locale: 'en-US',
    });
  });

  it('recognises only the two style names', () => {
    expect(isNumberStyle('indian')).toBe(true);
    expect(isNumberStyle('international')).toBe(true);
    expect(isNumberStyle('toString')).toBe(false);
    expect(isNumberStyle('Indian')).toBe(false);
    expect(isNumberStyle(1)).toBe(false);
    expect(isNumberStyle(undefined)).toBe(false);
  });

  it('chart locales group digits as the style does, rupee prefix by default', () => {
    expect(chartNumberLocale('indian')).toEqual({
      decimal: '.',
      thousands: ',',
      grouping: [3, 2],
      currency: ['₹', ''],
    });
    expect(chartNumberLocale('international', '$')).toEqual({
      decimal: '.',
      thousands: ',',
      grouping: [3],
      currency: ['$', ''],
    });
  });
});
