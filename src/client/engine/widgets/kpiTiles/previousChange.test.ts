import { describe, expect, it } from 'vitest';
import { previousChange } from './previousChange.js';

const week = { start: '2026-11-14', end: '2026-11-20' };

describe('previousChange', () => {
  it('says points for percentages, coloured by the good direction', () => {
    const c = previousChange({
      current: 60,
      previous: 90,
      period: week,
      format: 'percent',
      goodDirection: 'up',
    });
    expect(c.delta).toBe('▼ 30.0 pts');
    expect(c.tone).toBe('bad');
    expect(c.against).toContain('previous 7 days');
  });

  it('says a relative % for counts; a fall is good news where down is good', () => {
    const c = previousChange({
      current: 90,
      previous: 120,
      period: week,
      format: 'integer',
      goodDirection: 'down',
    });
    expect(c.delta).toBe('▼ 25.0%');
    expect(c.tone).toBe('good');
  });

  it('stays neutral without a declared direction and for no change', () => {
    expect(previousChange({ current: 110, previous: 100, period: week, format: 'integer' }).tone).toBe(
      'neutral',
    );
    const flat = previousChange({ current: 5, previous: 5, period: week, goodDirection: 'up' });
    expect([flat.delta, flat.tone]).toEqual(['■ 0.0%', 'neutral']);
  });

  it('says New when there was nothing before, No data when there is nothing now', () => {
    const day = { start: '2026-11-20', end: '2026-11-20' };
    expect(previousChange({ current: 3, previous: 0, period: day, goodDirection: 'up' }).delta).toBe('New');
    expect(previousChange({ current: 3, previous: null, period: day }).delta).toBe('New');
    expect(previousChange({ current: 3, previous: null, period: day }).against).toBe(
      '(none in the previous day)',
    );
    const none = previousChange({ current: null, previous: 4, period: day });
    expect([none.delta, none.against]).toEqual(['No data', 'vs 4 previous day']);
  });

  it('says "No data last year" rather than a 0 when history does not reach back, and names last year', () => {
    const none = previousChange({ current: 40, previous: 0, period: week, to: 'last_year', noData: true });
    expect([none.delta, none.tone]).toEqual(['No data last year', 'neutral']);
    expect(none.against).not.toContain('0');
    const then = previousChange({
      current: 40,
      previous: 50,
      period: week,
      to: 'last_year',
      format: 'integer',
    });
    expect(then.against).toBe('vs 50 same period last year');
    expect(then.delta).toBe('▼ 20.0%');
  });
});

describe('previousChange: the vs line reads as the tile does', () => {
  it('says the previous figure short from 1,000 on, with the full figure for its hover', () => {
    const counts = previousChange({
      current: 2_600_000,
      previous: 2_500_000,
      period: week,
      format: 'integer',
    });
    expect(counts.against).toBe('vs 2.5m previous 7 days');
    expect(counts.againstFull).toBe('vs 2,500,000 previous 7 days');
    const money = previousChange({ current: 12_000, previous: 10_600_000, period: week, format: 'currency' });
    expect(money.against).not.toContain('10,600,000');
    expect(money.againstFull).toContain('10,600,000');
    // Below 1,000 both read the same: nothing to hover.
    const small = previousChange({ current: 90, previous: 120, period: week, format: 'integer' });
    expect(small.against).toBe(small.againstFull);
  });
});
