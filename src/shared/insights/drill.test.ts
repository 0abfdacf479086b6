import { describe, expect, it } from 'vitest';
import { combineTotals } from './drill.js';

const one = [{ id: 'units' }];
const two = [{ id: 'num' }, { id: 'den' }];

describe('combineTotals', () => {
  it('is the first part itself for sum, min and max (null over no rows)', () => {
    for (const combine of ['sum', 'min', 'max'] as const) {
      expect(combineTotals(combine, one, { units: 42 })).toBe(42);
      expect(combineTotals(combine, one, { units: 0 })).toBe(0);
      expect(combineTotals(combine, one, { units: null })).toBeNull();
      expect(combineTotals(combine, one, {})).toBeNull();
    }
  });

  it('ignores the scale and a second part unless it is a ratio', () => {
    expect(combineTotals('sum', two, { num: 3, den: 0 }, 100)).toBe(3);
  });

  it('is first x scale / second for a ratio', () => {
    expect(combineTotals('ratio', two, { num: 3, den: 4 })).toBe(0.75);
    expect(combineTotals('ratio', two, { num: 3, den: 4 }, 100)).toBe(75);
    expect(combineTotals('ratio', two, { num: 0, den: 4 }, 100)).toBe(0);
    expect(combineTotals('ratio', two, { num: -2, den: -4 })).toBe(0.5);
  });

  it('is null for a ratio with a zero divisor or a missing part', () => {
    expect(combineTotals('ratio', two, { num: 3, den: 0 })).toBeNull();
    expect(combineTotals('ratio', two, { num: null, den: 4 })).toBeNull();
    expect(combineTotals('ratio', two, { num: 3, den: null })).toBeNull();
    expect(combineTotals('ratio', two, { num: 3 })).toBeNull();
    expect(combineTotals('ratio', two, { den: 4 })).toBeNull();
  });
});
