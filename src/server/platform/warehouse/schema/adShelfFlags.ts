import type { Warehouse } from '../warehouse.js';

/** Result slots on a search page (fact_search: overall_position = (page - 1) x 20 + position). */
const PAGE_SLOTS = 20;

/**
 * The shelf side of each sponsored-ad row, derived in SQL after a load (as deriveNewViolations),
 * so every loader gets the same flags:
 * - listing_oos: 1 when it was not buyable in at least one of them;
 * - oos_city_share: share of the channel's cities listing the advertised product where it was
 *   not buyable (out of stock or delisted) that day (fact_stock), and oos_spend = spend x that
 *   share: a sponsored ad serves the whole country, so that part of the spend bought clicks
 *   shoppers could not convert;
 * - organic_rank: the advertised product's best organic position in that keyword's results on that
 *   channel and day (fact_search's overall_position, 1-40 over pages 1-2; 0 = not found organically);
 * - organic_first_page: 1 when that rank is on page 1 (1-20): the ad bought clicks on a product
 *   shoppers already saw for free. The product, not the brand: the demo's own brands hold some
 *   page-1 slot on almost every keyword of their categories, so a brand rule flagged 90% of spend
 *   and told an analyst nothing (docs/advertising.md "Organic page 1: the decision");
 * - price_violation: the product broke a price rule (violation types 1-3) in some city that day
 *   (fact_price);
 * - buy_box_lost: an unauthorised seller held the listing's buy box that day (fact_seller), so
 *   the clicks the ad bought could end in a sale the brand's sellers did not make.
 * Days without shelf facts keep 0.
 */
export async function deriveAdShelfFlags(wh: Warehouse, groupId: number): Promise<void> {
  if (wh.dialect === 'postgres') await wh.exec('ANALYZE fact_ad_daily');
  const p = [groupId];
  await wh.query(
    `UPDATE fact_ad_daily SET listing_oos = 0, oos_city_share = 0, oos_spend = 0, price_violation = 0, buy_box_lost = 0
     WHERE group_id = $1 AND (oos_city_share <> 0 OR price_violation <> 0 OR buy_box_lost <> 0)`,
    p,
  );
  await wh.query(
    `UPDATE fact_ad_daily AS a SET listing_oos = 1, oos_city_share = s.share, oos_spend = ROUND(CAST(a.spend * s.share AS NUMERIC), 2)
     FROM (
       SELECT product_id, channel_id, crawl_date,
         AVG(CASE WHEN stock_status = 1 THEN 0.0 ELSE 1.0 END) AS share
       FROM fact_stock
       WHERE group_id = $1
       GROUP BY product_id, channel_id, crawl_date
       HAVING MIN(stock_status) <> 1 OR MAX(stock_status) <> 1
     ) s
     WHERE a.group_id = $1 AND a.product_id = s.product_id AND a.channel_id = s.channel_id
       AND a.ad_date = s.crawl_date`,
    p,
  );
  await deriveOrganicRank(wh, groupId);
  await wh.query(
    `UPDATE fact_ad_daily AS a SET price_violation = 1
     FROM (
       SELECT DISTINCT product_id, channel_id, crawl_date FROM fact_price
       WHERE group_id = $1 AND violation_type IN (1, 2, 3)
     ) s
     WHERE a.group_id = $1 AND a.product_id = s.product_id AND a.channel_id = s.channel_id
       AND a.ad_date = s.crawl_date`,
    p,
  );
  await deriveBuyBoxLost(wh, groupId);
}

/**
 * organic_rank and organic_first_page from fact_search: the whole group, or one channel-day (a
 * search crawl replaces only that day's results, so only that day's ads can change).
 */
export async function deriveOrganicRank(
  wh: Warehouse,
  groupId: number,
  day?: { channelId: number; date: string },
): Promise<void> {
  const p: unknown[] = day ? [groupId, day.channelId, day.date] : [groupId];
  const ads = day ? 'AND channel_id = $2 AND ad_date = $3' : '';
  const results = day ? 'AND channel_id = $2 AND crawl_date = $3' : '';
  await wh.query(
    `UPDATE fact_ad_daily SET organic_rank = 0, organic_first_page = 0
     WHERE group_id = $1 ${ads} AND (organic_rank <> 0 OR organic_first_page <> 0)`,
    p,
  );
  await wh.query(
    `UPDATE fact_ad_daily AS a SET organic_rank = s.best,
       organic_first_page = CASE WHEN s.best <= ${PAGE_SLOTS} THEN 1 ELSE 0 END
     FROM (
       SELECT keyword_id, channel_id, crawl_date, product_id, MIN(overall_position) AS best FROM fact_search
       WHERE group_id = $1 ${results} AND slot_type = 'organic'
       GROUP BY keyword_id, channel_id, crawl_date, product_id
     ) s
     WHERE a.group_id = $1 AND a.keyword_id = s.keyword_id AND a.channel_id = s.channel_id
       AND a.ad_date = s.crawl_date AND a.product_id = s.product_id`,
    p,
  );
}

/** buy_box_lost alone: also fills the column on a warehouse built before it (addedColumns.ts). */
export async function deriveBuyBoxLost(wh: Warehouse, groupId: number): Promise<void> {
  await wh.query(
    `UPDATE fact_ad_daily AS a SET buy_box_lost = 1
     FROM (
       SELECT product_id, channel_id, crawl_date FROM fact_seller
       WHERE group_id = $1
       GROUP BY product_id, channel_id, crawl_date
       HAVING SUM(has_buy_box) > 0 AND SUM(has_buy_box * is_auth) = 0
     ) s
     WHERE a.group_id = $1 AND a.product_id = s.product_id AND a.channel_id = s.channel_id
       AND a.ad_date = s.crawl_date`,
    [groupId],
  );
}
