import { describe, expect, it } from 'vitest';
import { DATE_PRESET_IDS, datePresetRange, isAfterToday, isDatePreset, todayIso } from './datePresets.js';
import { moveToCrawlDate } from './crawlDate.js';
import { defaultFilterState } from './defaults.js';

const TODAY = '2026-11-22';

describe('date presets (docs/product-spec.md §4, §9)', () => {
  it('knows the twelve presets of the spec', () => {
    expect(DATE_PRESET_IDS).toEqual([
      'all',
      'today',
      'yesterday',
      'last_7_days',
      'last_15_days',
      'last_month',
      'last_3_month',
      'last_6_month',
      'last_1_year',
      'custom_range',
      'month_range',
      'single_alone',
    ]);
  });

  it("'all' sets both dates to -1", () => {
    expect(datePresetRange('all', TODAY)).toMatchObject({ start_date: '-1', end_date: '-1' });
  });

  it("today has the default title 'Today'", () => {
    expect(datePresetRange('today', TODAY)).toMatchObject({
      start_date: TODAY,
      end_date: TODAY,
      datepicker_title: 'Today',
    });
  });

  it('rolling windows include today and write YYYY-MM-DD dates', () => {
    expect(datePresetRange('last_7_days', TODAY)).toMatchObject({
      start_date: '2026-11-16',
      end_date: TODAY,
    });
    expect(datePresetRange('last_15_days', TODAY).start_date).toBe('2026-11-08');
    expect(datePresetRange('last_month', TODAY).start_date).toBe('2026-10-22');
    expect(datePresetRange('last_3_month', TODAY).start_date).toBe('2026-08-22');
    expect(datePresetRange('last_6_month', TODAY).start_date).toBe('2026-05-22');
    expect(datePresetRange('last_1_year', TODAY).start_date).toBe('2025-11-22');
  });

  it('custom, month and single-date presets take user dates', () => {
    expect(datePresetRange('custom_range', TODAY, { start: '2026-11-01', end: '2026-11-05' })).toMatchObject({
      start_date: '2026-11-01',
      end_date: '2026-11-05',
      datepicker_title: '01-11-2026 - 05-11-2026',
    });
    expect(datePresetRange('month_range', TODAY, { start: '2026-08-14', end: '2026-09-03' })).toMatchObject({
      start_date: '2026-08-01',
      end_date: '2026-09-30',
    });
    expect(datePresetRange('single_alone', TODAY, { start: '2026-11-20' })).toMatchObject({
      start_date: '2026-11-20',
      end_date: '2026-11-20',
      datepicker_title: '20-Nov-2026',
    });
  });

  it('pickers cannot pick after today', () => {
    expect(isAfterToday('2026-11-23', TODAY)).toBe(true);
    expect(isAfterToday(TODAY, TODAY)).toBe(false);
    expect(datePresetRange('single_alone', TODAY, { start: '2027-01-01' }).start_date).toBe(TODAY);
    expect(datePresetRange('month_range', TODAY, { start: '2026-11-01', end: '2026-11-01' }).end_date).toBe(
      TODAY,
    );
  });

  it('crawl-linked date moves to the last crawl date when it is not today', () => {
    const state = defaultFilterState({ datePreset: 'today' }, TODAY);
    const moved = moveToCrawlDate(state, 'product', { product: '2026-11-20' }, TODAY);
    expect(moved).toMatchObject({
      start_date: '2026-11-20',
      end_date: '2026-11-20',
      datepicker_title: '20-Nov-2026',
    });
    const week = moveToCrawlDate(
      defaultFilterState({ datePreset: 'last_7_days' }, TODAY),
      'product',
      { product: '2026-11-21' },
      TODAY,
    );
    expect(week).toMatchObject({ start_date: '2026-11-15', end_date: '2026-11-21' });
    expect(moveToCrawlDate(state, 'product', { product: TODAY }, TODAY)).toBe(state);
    expect(moveToCrawlDate(state, undefined, { product: '2026-11-20' }, TODAY)).toBe(state);
  });
});

describe('date preset edges', () => {
  it('recognises preset ids only', () => {
    expect(isDatePreset('last_7_days')).toBe(true);
    expect(isDatePreset('single_alone')).toBe(true);
    expect(isDatePreset('last_8_days')).toBe(false);
    expect(isDatePreset(7)).toBe(false);
    expect(isDatePreset(undefined)).toBe(false);
  });

  it('today as YYYY-MM-DD in local time', () => {
    expect(todayIso(new Date(2026, 10, 22, 23, 30))).toBe('2026-11-22');
    expect(todayIso()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('a month range is titled by its months', () => {
    expect(datePresetRange('month_range', TODAY, { start: '2026-06-10', end: '2026-09-03' })).toEqual({
      start_date: '2026-06-01',
      end_date: '2026-09-30',
      datepicker_title: 'Jun 2026 - Sep 2026',
      date_preset: 'month_range',
    });
  });

  it('a single day of today is titled Today, another day by its date', () => {
    expect(datePresetRange('single_alone', TODAY).datepicker_title).toBe('Today');
    expect(datePresetRange('single_alone', TODAY, { start: '2026-11-02' }).datepicker_title).toBe(
      '02-Nov-2026',
    );
  });

  it('a later time of today is not after today', () => {
    expect(isAfterToday('2026-11-22T18:00:00', TODAY)).toBe(false);
    expect(isAfterToday('2026-11-23', TODAY)).toBe(true);
  });
});
