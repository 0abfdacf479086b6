import { describe, expect, it } from 'vitest';
import type { ScreenConfig } from '../config.gen.js';
import { previousPeriodOf, queryShowsPrevious } from './previousPeriod.js';

const screen = (tiles: object[], extra: object = {}) =>
  ({
    widgets: [
      { kind: 'kpiTiles', id: 'k', query: 'kpi', tiles },
      { kind: 'grid', id: 'g', query: 'rows', columns: [] },
    ],
    ...extra,
  }) as unknown as ScreenConfig;

describe('previous period', () => {
  it('is the period of equal length ending the day before', () => {
    expect(previousPeriodOf('2026-03-01', '2026-03-31')).toEqual({ start: '2026-01-29', end: '2026-02-28' });
  });

  it('is on for KPI queries by default, off for other queries', () => {
    const s = screen([{ kind: 'kpiTile', measure: 'a' }]);
    expect([queryShowsPrevious(s, 'kpi'), queryShowsPrevious(s, 'rows')]).toEqual([true, false]);
  });

  it('is off when the screen says so, unless a tile turns it back on', () => {
    const off = screen([{ kind: 'kpiTile', measure: 'a' }], { previousPeriod: false });
    expect(queryShowsPrevious(off, 'kpi')).toBe(false);
    const one = screen([{ kind: 'kpiTile', measure: 'a', previousPeriod: true }], { previousPeriod: false });
    expect(queryShowsPrevious(one, 'kpi')).toBe(true);
    expect(
      queryShowsPrevious(screen([{ kind: 'kpiTile', measure: 'a', previousPeriod: false }]), 'kpi'),
    ).toBe(false);
  });
});
