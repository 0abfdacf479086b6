import dayjs from 'dayjs';
import type { Warehouse, WarehouseStatement } from '../warehouse.js';
import { listingWindowUpdate } from './listingWindowUpdate.js';

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

/** How far back a load looks for a listing's previous crawl (stockPreviousCrawlStatement). */
export const LOOKBACK_DAYS = 31;

/**
 * The same after a crawl loads one channel's day, as a statement of the load's transaction (the
 * rows and their previous crawls are written together): the rows from that day on (a day crawled
 * again moves the later days' previous crawl too), each read against its listing's last crawl in
 * the LOOKBACK_DAYS before the day and that crawl's attributes. A listing with none there gets
 * NULL (it may be new, or back after a long gap): periods holding that row are answered per
 * listing, exact either way. Looking
 * through the whole history instead took 15-19 s a load on the large PostgreSQL tenant (two scans
 * of the channel's 12.8M rows); the lookback reads about a month of the date index.
 */
export function stockPreviousCrawlStatement(slice: {
  groupId: number;
  channelId: number;
  from: string;
}): WarehouseStatement {
  const channel = 'group_id = $1 AND channel_id = $2';
  const lookback = dayjs(slice.from).subtract(LOOKBACK_DAYS, 'day').format('YYYY-MM-DD');
  const attributes = STOCK_ATTRIBUTES.join(', ');
  // The attributes of each listing's last row before the day, in the same hash aggregate that
  // finds its date: the largest [days since 2000, ...attributes] (arrays compare in order).
  const last = `MAX(ARRAY[crawl_date - DATE '2000-01-01', ${attributes}])`;
  const fields = STOCK_ATTRIBUTES.map((_, i) => `last[${i + 2}]`).join(', ');
  return {
    sql: `UPDATE fact_stock AS t SET prev_crawl_date = s.prev
     FROM (
       SELECT product_id, city_id, crawl_date, ${previousCrawl('NULL')} AS prev
       FROM (
         SELECT product_id, city_id, crawl_date, ${attributes} FROM fact_stock
         WHERE ${channel} AND crawl_date >= CAST($3 AS DATE)
         UNION ALL
         SELECT product_id, city_id, DATE '2000-01-01' + CAST(last[1] AS INTEGER), ${fields}
         FROM (
           SELECT product_id, city_id, ${last} AS last FROM fact_stock
           WHERE ${channel} AND crawl_date < CAST($3 AS DATE) AND crawl_date >= CAST($4 AS DATE)
           GROUP BY product_id, city_id
         ) l
       ) span
       WINDOW w AS (PARTITION BY product_id, city_id ORDER BY crawl_date)
     ) s
     WHERE t.group_id = $1 AND t.channel_id = $2 AND t.crawl_date >= CAST($3 AS DATE)
       AND t.product_id = s.product_id AND t.city_id = s.city_id AND t.crawl_date = s.crawl_date
       AND t.prev_crawl_date IS DISTINCT FROM s.prev`,
    params: [slice.groupId, slice.channelId, slice.from, lookback],
  };
}
