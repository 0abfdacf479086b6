import { describe, expect, it } from 'vitest';
import { checkMonthRange, checkSelectionCount, parseRank } from './validation.js';

describe('filter validation (docs/product-spec.md §5)', () => {
  it("maxSelect refuses with 'Can't be done (Max N selections)'", () => {
    expect(checkSelectionCount([1, 2, 3], { maxSelect: 2 })).toBe("Can't be done (Max 2 selections)");
    expect(checkSelectionCount([1, 2], { maxSelect: 2 })).toBeNull();
  });

  it("minSelect refuses with 'Can't be done (Min N selection required)'", () => {
    expect(checkSelectionCount([], { minSelect: 1 })).toBe("Can't be done (Min 1 selection required)");
    expect(checkSelectionCount([4], { minSelect: 1 })).toBeNull();
  });

  it("month range refuses an end before the start: 'End Date can't be smaller than Start Date'", () => {
    expect(checkMonthRange('2026-06-01', '2026-05-01')).toBe("End Date can't be smaller than Start Date");
    expect(checkMonthRange('2026-06-01', '2026-06-30')).toBeNull();
  });

  it('rank is numeric with a minimum of 1', () => {
    expect(parseRank('5')).toEqual({ value: 5 });
    expect(parseRank('0')).toHaveProperty('error');
    expect(parseRank('-2')).toHaveProperty('error');
    expect(parseRank('abc')).toHaveProperty('error');
    expect(parseRank('2.5')).toHaveProperty('error');
  });
});

describe('filter validation edges', () => {
  it('a limit not set refuses nothing', () => {
    expect(checkSelectionCount([1, 2], {})).toBeNull();
    expect(checkSelectionCount([1], { minSelect: 1 })).toBeNull();
    expect(checkSelectionCount([1], { maxSelect: 5 })).toBeNull();
  });

  it('an end in the start month is fine, whatever the day', () => {
    expect(checkMonthRange('2026-06-15', '2026-06-01')).toBeNull();
  });

  it('rank takes whole numbers from 1, several digits, spaces around', () => {
    expect(parseRank('1')).toEqual({ value: 1 });
    expect(parseRank('12')).toEqual({ value: 12 });
    expect(parseRank(' 7 ')).toEqual({ value: 7 });
    expect(parseRank('')).toEqual({ error: 'Rank must be a number of at least 1' });
  });
});
