import { describe, expect, it } from 'vitest';
import { formatValue } from './formatValue.js';

describe('formatValue currency formats', () => {
  it('currency is written out, currencyShort abbreviated, in the caller’s currency', () => {
    expect(formatValue(250000, 'currency', { symbol: '$' }, 'international')).toBe('$250,000');
    expect(formatValue(250000, 'currencyShort', { symbol: '$' }, 'international')).toBe('$250k');
  });
});
