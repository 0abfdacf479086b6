import type { Warehouse, WarehouseStatement } from '../warehouse.js';
import { listingLoadUpdate, listingWindowUpdate } from './listingWindowUpdate.js';

/** fact_stock.prev_crawl_date on a listing's first crawl: before any period's first day. */
export const FIRST_CRAWL = '0001-01-01';

/**
 * The product's master data copied onto each row (the stock dataset's grainAttributes): a row
 * whose values differ from its listing's previous row gets no previous crawl (NULL), so a period
 * holding the change is answered per listing, whose rows may then sit in two brands or categories.
 */
export const STOCK_ATTRIBUTES = ['brand_id', 'category_id', 'is_competitor'] as const;

/**
 * A row's previous crawl of the same listing over a window `w` of its rows in date order: the
 * previous row's date when the attributes are the same, NULL when they changed, `first` (SQL)
 * when there is no previous row.
 */
const previousCrawl = (first: string): string => {
  const same = STOCK_ATTRIBUTES.map((c) => `LAG(${c}) OVER w = ${c}`).join(' AND ');
  return `CASE WHEN LAG(crawl_date) OVER w IS NULL THEN ${first} WHEN ${same} THEN LAG(crawl_date) OVER w END`;
};

/**
 * fact_stock.prev_crawl_date: the listing's (product x channel x city) previous crawl date, or
 * FIRST_CRAWL on its first. A listing's rows in a period are then counted once by counting its
 * first one there (prev_crawl_date before the period's first day), which lets PostgreSQL answer
 * a day share's listings without grouping a week's rows by listing (dayShareAggregate.ts).
 * The generator writes it with each row and a load sets its day (stockPreviousCrawlStatement);
 * this fills a whole group or warehouse at once, through its whole history (an UPDATE of every
 * row: on PostgreSQL follow it with a CLUSTER on the date index, docs/warehouse.md).
 */
export async function deriveStockPreviousCrawl(wh: Warehouse, groupId?: number): Promise<void> {
  const { sql, params } = listingWindowUpdate(
    'fact_stock',
    'prev_crawl_date',
    previousCrawl(`DATE '${FIRST_CRAWL}'`),
    groupId,
  );
  await wh.query(sql, params);
}

/**
 * The same after a crawl loads one channel's day, as a statement of the load's transaction (the
 * rows and their previous crawls are written together; listingLoadUpdate), each row read against
 * its listing's last crawl in the lookback before the day and that crawl's attributes. A listing
 * with none there gets NULL (it may be new, or back after a long gap): periods holding that row
 * are answered per listing, exact either way.
 */
export function stockPreviousCrawlStatement(slice: {
  groupId: number;
  channelId: number;
  from: string;
}): WarehouseStatement {
  return listingLoadUpdate('fact_stock', 'prev_crawl_date', previousCrawl('NULL'), STOCK_ATTRIBUTES, slice);
}
