import dayjs from 'dayjs';
import { DEFAULT_DATE_TITLE, ISO } from './datePresets.js';
import type { FilterState } from './filterState.js';

/** docs/product-spec.md §9: crawl type per screen area. */
export const CRAWL_TYPES = ['product', 'category', 'keyword', 'best_seller'] as const;
export type CrawlType = (typeof CRAWL_TYPES)[number];

/** Last crawl date per crawl type, as stored after login (docs/product-spec.md §3). */
export type CrawlDates = Partial<Record<CrawlType, string>>;

/**
 * Crawl-linked screens look at the last crawl of their type: when that is not today, the window is
 * moved so that it ends on the crawl date (same length). 'All time' and past windows stay.
 */
export function moveToCrawlDate(
  state: FilterState,
  crawlType: CrawlType | undefined,
  crawlDates: CrawlDates,
  today: string,
): FilterState {
  const crawl = crawlType ? crawlDates[crawlType] : undefined;
  if (
    !crawl ||
    crawl === today ||
    state.end_date !== today ||
    !state.start_date ||
    state.start_date === '-1'
  ) {
    return state;
  }
  const shift = dayjs(today).diff(dayjs(crawl), 'day');
  const start = dayjs(state.start_date).subtract(shift, 'day').format(ISO);
  const single = state.start_date === state.end_date;
  const title =
    single && state.datepicker_title === DEFAULT_DATE_TITLE
      ? dayjs(crawl).format('DD-MMM-YYYY')
      : state.datepicker_title;
  return { ...state, start_date: start, end_date: crawl, datepicker_title: title };
}
