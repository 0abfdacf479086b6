import { describe, expect, it } from 'vitest';
import type { ScreenConfig } from '../config.gen.js';
import {
  chartOverlaysPrevious,
  comparisonPeriodOf,
  gridChangeMeasures,
  lastYearOf,
  previousPeriodOf,
  queryShowsPrevious,
  shiftOntoCurrent,
} from './previousPeriod.js';

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

  it('of one day is the day before, across a year end', () => {
    expect(previousPeriodOf('2026-01-01', '2026-01-01')).toEqual({ start: '2025-12-31', end: '2025-12-31' });
    expect(previousPeriodOf('2026-01-01', '2026-01-07')).toEqual({ start: '2025-12-25', end: '2025-12-31' });
  });

  it('is not shown by a KPI widget of rows, nor when no tile of the query shows it', () => {
    const rows = {
      widgets: [
        { kind: 'kpiTiles', id: 'k', query: 'kpi', rows: {}, tiles: [{ kind: 'kpiTile', measure: 'a' }] },
      ],
    } as unknown as ScreenConfig;
    expect(queryShowsPrevious(rows, 'kpi')).toBe(false);
    const mixed = screen([
      { kind: 'kpiTile', measure: 'a', previousPeriod: false },
      { kind: 'kpiTile', measure: 'b' },
    ]);
    expect(queryShowsPrevious(mixed, 'kpi')).toBe(true);
    expect(queryShowsPrevious(screen([]), 'kpi')).toBe(false);
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

describe('last year and the comparison period', () => {
  it('is the same dates a year back; 29 Feb falls on 28 Feb', () => {
    expect(lastYearOf('2026-03-01', '2026-03-31')).toEqual({ start: '2025-03-01', end: '2025-03-31' });
    expect(lastYearOf('2024-02-29', '2024-02-29')).toEqual({ start: '2023-02-28', end: '2023-02-28' });
  });

  it('is the previous period or last year as asked', () => {
    expect(comparisonPeriodOf('2026-03-10', '2026-03-12', 'previous')).toEqual({
      start: '2026-03-07',
      end: '2026-03-09',
    });
    expect(comparisonPeriodOf('2026-03-10', '2026-03-12', 'last_year')).toEqual({
      start: '2025-03-10',
      end: '2025-03-12',
    });
  });

  it("moves a comparison date onto the current period's x", () => {
    expect(shiftOntoCurrent('2025-03-11', 'last_year', { start: '2025-03-10' }, '2026-03-10')).toBe(
      '2026-03-11',
    );
    expect(shiftOntoCurrent('2026-03-08', 'previous', { start: '2026-03-07' }, '2026-03-10')).toBe(
      '2026-03-11',
    );
    expect(shiftOntoCurrent('2026-02-27', 'previous', { start: '2026-02-27' }, '2026-03-01')).toBe(
      '2026-03-01',
    );
    // A year back across 29 Feb is 366 days: the overlay moves by the year, not by the days.
    expect(shiftOntoCurrent('2024-03-01', 'last_year', { start: '2024-02-20' }, '2025-02-20')).toBe(
      '2025-03-01',
    );
    expect(shiftOntoCurrent('2024-03-01', 'previous', { start: '2024-02-20' }, '2025-02-20')).toBe(
      '2025-03-02',
    );
  });
});

describe('grids and charts of a query', () => {
  const widgets = {
    widgets: [
      {
        kind: 'grid',
        query: 'q',
        columns: [
          { kind: 'change', field: 'units' },
          { kind: 'number', field: 'price' },
          { kind: 'change', field: 'units' },
          { kind: 'change', field: 'value' },
        ],
      },
      { kind: 'grid', query: 'other', columns: [{ kind: 'change', field: 'price' }] },
      { kind: 'chart', query: 'q', previousPeriod: true },
      { kind: 'chart', query: 'plain' },
      { kind: 'chart', query: 'off', previousPeriod: false },
      { kind: 'kpiTiles', query: 'kpi', previousPeriod: true, tiles: [] },
    ],
  } as unknown as ScreenConfig;

  it("lists each measure with a change column once, from the query's grids only", () => {
    expect(gridChangeMeasures(widgets, 'q')).toEqual(['units', 'value']);
    expect(gridChangeMeasures(widgets, 'other')).toEqual(['price']);
    expect(gridChangeMeasures(widgets, 'plain')).toEqual([]);
  });

  it('overlays the comparison period only on a chart of the query that asks for it', () => {
    expect(chartOverlaysPrevious(widgets, 'q')).toBe(true);
    expect(chartOverlaysPrevious(widgets, 'plain')).toBe(false);
    expect(chartOverlaysPrevious(widgets, 'off')).toBe(false);
    expect(chartOverlaysPrevious(widgets, 'kpi')).toBe(false);
  });
});
