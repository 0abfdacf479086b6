import type { PriceViolationAdSpendCondition } from '../../../shared/config.gen.js';
import { daysBefore, num, type FinderContext, type FoundCase, type Row } from './foundCase.js';

/**
 * An own listing in price violation (violation_type 1-3: above the maximum or MRP, below the
 * minimum) in a city on the newest price day, with ad spend in the window ending on the newest ad
 * day. Opportunity: that spend, paid to send shoppers to a price outside the rule.
 */
export async function priceAdCases(
  ctx: FinderContext,
  when: PriceViolationAdSpendCondition,
): Promise<FoundCase[]> {
  const priceDay = await ctx.newest('fact_price', 'crawl_date');
  const adDay = await ctx.newest('fact_ad_daily', 'ad_date');
  if (!priceDay || !adDay) return [];
  const w = when.windowDays ?? 7;
  const rows = await ctx.wh.query<Row>(
    `WITH v AS (
       SELECT t.product_id, t.channel_id, COUNT(DISTINCT t.city_id) AS cities,
              MIN(t.selling_price) AS price, MIN(t.rule_min_price) AS min_price
         FROM fact_price t
        WHERE t.group_id = $1 AND t.crawl_date = CAST($2 AS DATE) AND t.is_competitor = 0
          AND t.violation_type IN (1, 2, 3)
        GROUP BY t.product_id, t.channel_id
     ), a AS (
       SELECT d.product_id, d.channel_id, SUM(d.spend) AS spend
         FROM fact_ad_daily d
        WHERE d.group_id = $1 AND d.ad_date > ${daysBefore('$3', '$4')} AND d.ad_date <= CAST($3 AS DATE)
        GROUP BY d.product_id, d.channel_id
     )
     SELECT v.product_id, v.channel_id, v.cities, v.price, v.min_price, a.spend, p.sku_name, c.channel_name
       FROM v JOIN a ON a.product_id = v.product_id AND a.channel_id = v.channel_id
       JOIN dim_product p ON p.product_id = v.product_id
       JOIN dim_channel c ON c.channel_id = v.channel_id
      WHERE a.spend > 0`,
    [ctx.groupId, priceDay, adDay, w],
  );
  return rows.map((r) => ({
    ruleId: ctx.ruleId,
    subject: `${num(r.product_id)}:${num(r.channel_id)}`,
    title: `${String(r.sku_name)}: price violation while advertised on ${String(r.channel_name)}`,
    productId: num(r.product_id),
    channelId: num(r.channel_id),
    opportunity: num(r.spend),
    inputs: {
      factors: [{ label: 'Ad Spend', value: num(r.spend), format: 'currency' }],
      note:
        `sells at ${num(r.price).toFixed(2)}` +
        (r.min_price === null ? '' : ` (rule minimum ${num(r.min_price).toFixed(2)})`) +
        ` in ${num(r.cities)} cities on ${priceDay}; ad spend of the ${w} days to ${adDay}`,
    },
    observedOn: priceDay,
  }));
}
