import { describe, expect, it } from 'vitest';
import { kpiChange } from './kpiChange.js';

const compared = (share: number | null, previous: number | null, keys = 412) => ({
  share_of_search: 43.5,
  share_of_search__change: share,
  share_of_search__previous: previous,
  compare__keys: keys,
  compare__start: '2026-11-09',
  compare__end: '2026-11-15',
});

describe('KPI tile change', () => {
  it('shows a percent change in points, with the period and the keys in the definition', () => {
    expect(kpiChange(compared(2.34, 41.2), 'share_of_search', 'percent', 'keywords')).toEqual({
      direction: 'up',
      delta: '▲ 2.3 pts',
      against: 'vs previous 7 days',
      detail:
        'Change vs 09-Nov-2026 to 15-Nov-2026, over the 412 keywords present in both periods: 41.2% then 43.5%.',
    });
    expect(kpiChange(compared(-0.26, 53.9), 'share_of_search', 'percent', 'keywords')).toMatchObject({
      direction: 'down',
      delta: '▼ 0.3 pts',
      against: 'vs previous 7 days',
    });
    // Under a tenth of a point reads as no change, not as a green 0.0.
    expect(kpiChange(compared(0.04, 53.9), 'share_of_search', 'percent', 'keywords')).toMatchObject({
      direction: 'flat',
      delta: '■ 0.0 pts',
      against: 'vs previous 7 days',
    });
  });

  it('shows other formats in their own format, and a one-day period as the previous day', () => {
    const row = { units: 1500, units__change: -1234, units__previous: 2734, compare__keys: 3 };
    const oneDay = { ...row, compare__start: '2026-11-21', compare__end: '2026-11-21' };
    expect(kpiChange(oneDay, 'units', 'integer', 'keywords')).toEqual({
      direction: 'down',
      delta: '▼ 1,234',
      against: 'vs previous day',
      detail: 'Change vs 21-Nov-2026, over the 3 keywords present in both periods: 2,734 then 1,500.',
    });
  });

  it('says why there is no change, and shows nothing without a compared period', () => {
    expect(kpiChange(compared(null, null, 0), 'share_of_search', 'percent', 'keywords')).toEqual({
      direction: 'none',
      delta: '—',
      against: 'no keywords in both periods',
      detail: 'Change vs 09-Nov-2026 to 15-Nov-2026: no keywords in both periods.',
    });
    const allTime = {
      ...compared(null, null),
      compare__start: null,
      compare__end: null,
      compare__keys: null,
    };
    expect(kpiChange(allTime, 'share_of_search', 'percent', 'keywords')).toBeNull();
  });
});
