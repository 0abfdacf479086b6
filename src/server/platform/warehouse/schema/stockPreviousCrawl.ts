import type { Warehouse, WarehouseStatement } from '../warehouse.js';
import { listingWindowUpdate } from './listingWindowUpdate.js';

/** fact_stock.prev_crawl_date on a listing's first crawl: before any period's first day. */
export const FIRST_CRAWL = '0001-01-01';

/** A row's previous crawl of the same listing, over a window `w` of its crawls in date order. */
const PREVIOUS = `COALESCE(LAG(crawl_date) OVER w, DATE '${FIRST_CRAWL}')`;

/**
 * fact_stock.prev_crawl_date: the listing's (product x channel x city) previous crawl date, or
 * FIRST_CRAWL on its first. A listing's rows in a period are then counted once by counting its
 * first one there (prev_crawl_date before the period's first day), which lets PostgreSQL answer
 * a day share's listings without grouping a week's rows by listing (dayShareAggregate.ts).
 * Derived in SQL after each load, as fact_price.is_new_violation (newViolations.ts).
 */
export async function deriveStockPreviousCrawl(wh: Warehouse, groupId?: number): Promise<void> {
  const { sql, params } = listingWindowUpdate('fact_stock', 'prev_crawl_date', PREVIOUS, groupId);
  await wh.query(sql, params);
}

/**
 * The same after a crawl loads one channel's day, as a statement of the load's transaction (the
 * rows and their previous crawls are written together): the rows from that day on (a day crawled
 * again moves the later days' previous crawl too), each read against its listing's last crawl
 * before the day. A load costs the same on 13 months of history as on 90 days.
 */
export function stockPreviousCrawlStatement(slice: {
  groupId: number;
  channelId: number;
  from: string;
}): WarehouseStatement {
  const channel = 'group_id = $1 AND channel_id = $2';
  return {
    sql: `UPDATE fact_stock AS t SET prev_crawl_date = s.prev
     FROM (
       SELECT product_id, city_id, crawl_date, ${PREVIOUS} AS prev
       FROM (
         SELECT product_id, city_id, crawl_date FROM fact_stock WHERE ${channel} AND crawl_date >= $3
         UNION ALL
         SELECT product_id, city_id, MAX(crawl_date) FROM fact_stock
         WHERE ${channel} AND crawl_date < $3
         GROUP BY product_id, city_id
       ) span
       WINDOW w AS (PARTITION BY product_id, city_id ORDER BY crawl_date)
     ) s
     WHERE t.group_id = $1 AND t.channel_id = $2 AND t.product_id = s.product_id
       AND t.city_id = s.city_id AND t.crawl_date = s.crawl_date AND s.crawl_date >= $3
       AND t.prev_crawl_date IS DISTINCT FROM s.prev`,
    params: [slice.groupId, slice.channelId, slice.from],
  };
}
