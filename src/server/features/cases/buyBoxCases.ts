import type { BuyBoxLostCondition } from '../../../shared/config.gen.js';
import { daysBefore, num, product, type FinderContext, type FoundCase, type Row } from './foundCase.js';

/**
 * The authorised buy-box share of an own listing (days an authorised seller held the buy box /
 * days observed, fact_seller) fell `points`+ against the window before, and an unauthorised
 * seller holds it on the newest day. Opportunity: the window's days an unauthorised seller held
 * it x the listing's average daily revenue over the `historyDays` before the window (days with a
 * sales row): the sales an unauthorised seller took.
 */
export async function buyBoxCases(ctx: FinderContext, when: BuyBoxLostCondition): Promise<FoundCase[]> {
  const day = await ctx.newest('fact_seller', 'crawl_date');
  if (!day) return [];
  const w = when.windowDays ?? 7;
  const history = when.historyDays ?? 28;
  const rows = await ctx.wh.query<Row>(
    `WITH days AS (
       SELECT s.product_id, s.channel_id, s.crawl_date,
              MAX(s.has_buy_box * s.is_auth) AS auth_holds,
              MAX(CASE WHEN s.has_buy_box = 1 AND s.is_auth = 0 THEN 1 ELSE 0 END) AS unauth_holds
         FROM fact_seller s
        WHERE s.group_id = $1 AND s.is_competitor = 0
          AND s.crawl_date > ${daysBefore('$2', '$5')} AND s.crawl_date <= CAST($2 AS DATE)
        GROUP BY s.product_id, s.channel_id, s.crawl_date
     ), shares AS (
       SELECT product_id, channel_id,
              100.0 * SUM(CASE WHEN crawl_date > ${daysBefore('$2', '$3')} THEN auth_holds END)
                / SUM(CASE WHEN crawl_date > ${daysBefore('$2', '$3')} THEN 1 END) AS share_now,
              100.0 * SUM(CASE WHEN crawl_date <= ${daysBefore('$2', '$3')} THEN auth_holds END)
                / SUM(CASE WHEN crawl_date <= ${daysBefore('$2', '$3')} THEN 1 END) AS share_before,
              SUM(CASE WHEN crawl_date > ${daysBefore('$2', '$3')} THEN unauth_holds ELSE 0 END) AS unauth_days,
              MAX(CASE WHEN crawl_date = CAST($2 AS DATE) THEN unauth_holds ELSE 0 END) AS unauth_now
         FROM days GROUP BY product_id, channel_id
     ), revenue AS (
       SELECT x.product_id, x.channel_id, SUM(x.revenue) AS revenue, COUNT(DISTINCT x.sale_date) AS sale_days
         FROM v_sales x
        WHERE x.group_id = $1 AND x.is_competitor = 0
          AND x.sale_date > ${daysBefore('$2', '$6')} AND x.sale_date <= ${daysBefore('$2', '$3')}
        GROUP BY x.product_id, x.channel_id
     )
     SELECT sh.*, r.revenue, r.sale_days, p.sku_name, c.channel_name,
            (SELECT MIN(ds.seller_name) FROM fact_seller h JOIN dim_seller ds ON ds.seller_id = h.seller_id
              WHERE h.group_id = $1 AND h.crawl_date = CAST($2 AS DATE) AND h.product_id = sh.product_id
                AND h.channel_id = sh.channel_id AND h.has_buy_box = 1 AND h.is_auth = 0) AS holder
       FROM shares sh
       LEFT JOIN revenue r ON r.product_id = sh.product_id AND r.channel_id = sh.channel_id
       JOIN dim_product p ON p.product_id = sh.product_id
       JOIN dim_channel c ON c.channel_id = sh.channel_id
      WHERE sh.unauth_now = 1 AND sh.share_before - sh.share_now >= CAST($4 AS DOUBLE PRECISION)`,
    [ctx.groupId, day, w, when.points ?? 10, 2 * w, w + history],
  );
  return rows.map((r) => {
    const daily = r.revenue === null || !num(r.sale_days) ? null : num(r.revenue) / num(r.sale_days);
    const factors = [
      { label: 'Days Held By Unauthorised', value: num(r.unauth_days), format: 'plain' as const },
      { label: 'Revenue/Day', value: daily, format: 'currency' as const },
    ];
    return {
      ruleId: ctx.ruleId,
      subject: `${num(r.product_id)}:${num(r.channel_id)}`,
      title: `${String(r.sku_name)}: buy box held by ${typeof r.holder === 'string' ? r.holder : 'an unauthorised seller'} on ${String(r.channel_name)}`,
      productId: num(r.product_id),
      channelId: num(r.channel_id),
      opportunity: product(factors),
      inputs: {
        factors,
        note: `authorised buy box ${num(r.share_now).toFixed(0)}% of the ${w} days to ${day}, ${num(r.share_before).toFixed(0)}% the ${w} days before`,
      },
      observedOn: day,
    };
  });
}
