import { describe, expect, it } from 'vitest';
import { DATE_PRESET_IDS, datePresetRange, isAfterToday } from './datePresets.js';
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
