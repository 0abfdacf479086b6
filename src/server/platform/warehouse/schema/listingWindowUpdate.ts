import dayjs from 'dayjs';
import type { WarehouseStatement } from '../warehouse.js';

/**
 * `UPDATE table SET column = value` for every row of a group (or all groups) whose value changes,
 * `value` read over a window `w` of its listing's (product x channel x city) rows in date order:
 * the derived columns that depend on a listing's previous crawl (newViolations.ts,
 * stockPreviousCrawl.ts). Rows already right are not written.
 */
export function listingWindowUpdate(
  table: string,
  column: string,
  value: string,
  groupId?: number,
): WarehouseStatement {
  const inGroup = groupId === undefined ? 'TRUE' : 'group_id = $1';
  return {
    sql: `UPDATE ${table} AS t SET ${column} = s.v
     FROM (
       SELECT group_id, product_id, channel_id, city_id, crawl_date, ${value} AS v
       FROM ${table}
       WHERE ${inGroup}
       WINDOW w AS (PARTITION BY group_id, product_id, channel_id, city_id ORDER BY crawl_date)
     ) s
     WHERE t.group_id = s.group_id AND t.product_id = s.product_id AND t.channel_id = s.channel_id
       AND t.city_id = s.city_id AND t.crawl_date = s.crawl_date AND t.${column} IS DISTINCT FROM s.v`,
    params: groupId === undefined ? [] : [groupId],
  };
}

/** How far back a load looks for a listing's previous crawl (listingLoadUpdate). */
export const LOOKBACK_DAYS = 31;

/**
 * The same UPDATE after a crawl loads one channel's day, as a statement of the load's transaction:
 * the rows from that day on (a day crawled again moves the later days' values too), each read over
 * a window `w` that also holds its listing's last row in the LOOKBACK_DAYS before the day. That row
 * and its `carried` columns (what `value` reads of the previous row) come from one hash aggregate,
 * as the largest [days since 2000, ...carried] array (arrays compare in order). Looking through the
 * channel's whole history instead took 13-22 s a load on the large PostgreSQL tenant; the lookback
 * reads about a month of the date index.
 */
export function listingLoadUpdate(
  table: string,
  column: string,
  value: string,
  carried: readonly string[],
  slice: { groupId: number; channelId: number; from: string },
): WarehouseStatement {
  const channel = 'group_id = $1 AND channel_id = $2';
  const lookback = dayjs(slice.from).subtract(LOOKBACK_DAYS, 'day').format('YYYY-MM-DD');
  const last = `MAX(ARRAY[crawl_date - DATE '2000-01-01', ${carried.join(', ')}])`;
  const fields = carried.map((_, i) => `last[${i + 2}]`).join(', ');
  return {
    sql: `UPDATE ${table} AS t SET ${column} = s.v
     FROM (
       SELECT product_id, city_id, crawl_date, ${value} AS v
       FROM (
         SELECT product_id, city_id, crawl_date, ${carried.join(', ')} FROM ${table}
         WHERE ${channel} AND crawl_date >= CAST($3 AS DATE)
         UNION ALL
         SELECT product_id, city_id, DATE '2000-01-01' + CAST(last[1] AS INTEGER), ${fields}
         FROM (
           SELECT product_id, city_id, ${last} AS last FROM ${table}
           WHERE ${channel} AND crawl_date < CAST($3 AS DATE) AND crawl_date >= CAST($4 AS DATE)
           GROUP BY product_id, city_id
         ) l
       ) span
       WINDOW w AS (PARTITION BY product_id, city_id ORDER BY crawl_date)
     ) s
     WHERE t.group_id = $1 AND t.channel_id = $2 AND t.crawl_date >= CAST($3 AS DATE)
       AND t.product_id = s.product_id AND t.city_id = s.city_id AND t.crawl_date = s.crawl_date
       AND t.${column} IS DISTINCT FROM s.v`,
    params: [slice.groupId, slice.channelId, slice.from, lookback],
  };
}
