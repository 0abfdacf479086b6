import { describe, expect, it } from 'vitest';
import { moveToCrawlDate } from './crawlDate.js';
import type { FilterState } from './filterState.js';

const TODAY = '2026-11-22';
const CRAWLS = { product: '2026-11-20' };
const window = (start_date: string, end_date: string, datepicker_title: string): FilterState => ({
  limit: 10,
  offset: 0,
  start_date,
  end_date,
  datepicker_title,
});

describe('moving a window to the last crawl date', () => {
  it('a past window or all time stays', () => {
    const past = window('2026-11-01', '2026-11-10', 'Custom');
    expect(moveToCrawlDate(past, 'product', CRAWLS, TODAY)).toBe(past);
    const allTime = window('-1', TODAY, 'All Time');
    expect(moveToCrawlDate(allTime, 'product', CRAWLS, TODAY)).toBe(allTime);
    const open = { ...window('', TODAY, 'Today') };
    expect(moveToCrawlDate(open, 'product', CRAWLS, TODAY)).toBe(open);
  });

  it('a screen type without a crawl date stays', () => {
    const today = window(TODAY, TODAY, 'Today');
    expect(moveToCrawlDate(today, 'category', CRAWLS, TODAY)).toBe(today);
  });

  it('a longer window keeps its title; a single day keeps a title other than Today', () => {
    expect(moveToCrawlDate(window('2026-11-16', TODAY, 'Today'), 'product', CRAWLS, TODAY)).toEqual(
      window('2026-11-14', '2026-11-20', 'Today'),
    );
    expect(moveToCrawlDate(window(TODAY, TODAY, 'Single Day'), 'product', CRAWLS, TODAY)).toEqual(
      window('2026-11-20', '2026-11-20', 'Single Day'),
    );
  });
});
