import { describe, expect, it } from 'vitest';
import { commonDaysHint } from './commonDaysHint.js';

const tacos = {
  id: 'tacos',
  label: 'TACoS',
  commonDays: { numerator: 'Spend', denominator: 'Total Sales' },
};

describe('commonDaysHint', () => {
  it('names the common days and the side that ends first', () => {
    const row = {
      tacos__days_from: '2026-11-20',
      tacos__days_to: '2026-11-25',
      tacos__numerator_last: '2026-11-26',
      tacos__denominator_last: '2026-11-25',
    };
    expect(commonDaysHint(tacos, row)).toBe(
      'TACoS reads Spend and Total Sales over 20-Nov-2026 to 25-Nov-2026, the days both have (Total Sales end 25-Nov-2026, Spend 26-Nov-2026).',
    );
  });

  it('says nothing of an end when both sides end on the same day', () => {
    const day = '2026-11-25';
    const row = {
      tacos__days_from: day,
      tacos__days_to: day,
      tacos__numerator_last: day,
      tacos__denominator_last: day,
    };
    expect(commonDaysHint(tacos, row)).toBe(
      'TACoS reads Spend and Total Sales over 25-Nov-2026, the days both have.',
    );
  });

  it('says when the sides share no day, and is null for other measures', () => {
    expect(commonDaysHint(tacos, { tacos__days_from: null })).toBe(
      'TACoS: Spend and Total Sales have no day in common in this period.',
    );
    expect(commonDaysHint({ id: 'spend', label: 'Spend' }, {})).toBeNull();
  });
});
