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
