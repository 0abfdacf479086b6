import type { ContentDropCondition } from '../../../shared/config.gen.js';
import { daysBefore, num, product, type FinderContext, type FoundCase, type Row } from './foundCase.js';

/**
 * One of the group's `topProducts` own listings by revenue over the window (v_sales, ending on
 * the newest sales day) whose content score on the newest content day is `points`+ below its
 * score on the content day `windowDays` before. Opportunity: its revenue over the window x points
 * lost / 100 (a listing is taken to sell in proportion to its content score).
 */
export async function contentCases(ctx: FinderContext, when: ContentDropCondition): Promise<FoundCase[]> {
  const day = await ctx.newest('fact_content', 'crawl_date');
  const salesDay = await ctx.newest('v_sales', 'sale_date');
  if (!day || !salesDay) return [];
  const w = when.windowDays ?? 7;
  const top = Math.trunc(when.topProducts ?? 20);
  const rows = await ctx.wh.query<Row>(
    `WITH top AS (
       SELECT x.product_id, x.channel_id, SUM(x.revenue) AS revenue
         FROM v_sales x
        WHERE x.group_id = $1 AND x.is_competitor = 0
          AND x.sale_date > ${daysBefore('$5', '$3')} AND x.sale_date <= CAST($5 AS DATE)
        GROUP BY x.product_id, x.channel_id
        ORDER BY SUM(x.revenue) DESC, x.product_id, x.channel_id
        LIMIT ${top}
     ), base AS (
       SELECT MAX(crawl_date) AS d FROM fact_content
        WHERE group_id = $1 AND crawl_date <= ${daysBefore('$2', '$3')}
     )
     SELECT t.product_id, t.channel_id, t.revenue, b.content_score AS before_score,
            n.content_score AS after_score, CAST(base.d AS VARCHAR) AS base_day, p.sku_name, c.channel_name
       FROM top t CROSS JOIN base
       JOIN fact_content n ON n.group_id = $1 AND n.product_id = t.product_id
        AND n.channel_id = t.channel_id AND n.crawl_date = CAST($2 AS DATE)
       JOIN fact_content b ON b.group_id = $1 AND b.product_id = t.product_id
        AND b.channel_id = t.channel_id AND b.crawl_date = base.d
       JOIN dim_product p ON p.product_id = t.product_id
       JOIN dim_channel c ON c.channel_id = t.channel_id
      WHERE b.content_score - n.content_score >= CAST($4 AS DOUBLE PRECISION)`,
    [ctx.groupId, day, w, when.points ?? 10, salesDay],
  );
  return rows.map((r) => {
    const lost = num(r.before_score) - num(r.after_score);
    const factors = [
      { label: 'Revenue', value: num(r.revenue), format: 'currency' as const },
      { label: 'Score Points Lost/100', value: lost / 100, format: 'plain' as const },
    ];
    return {
      ruleId: ctx.ruleId,
      subject: `${num(r.product_id)}:${num(r.channel_id)}`,
      title: `${String(r.sku_name)}: content score down ${lost.toFixed(0)} points on ${String(r.channel_name)}`,
      productId: num(r.product_id),
      channelId: num(r.channel_id),
      opportunity: product(factors),
      inputs: {
        factors,
        note: `content score ${num(r.before_score).toFixed(0)} on ${String(r.base_day).slice(0, 10)} → ${num(r.after_score).toFixed(0)} on ${day}; revenue of the ${w} days to ${salesDay}, a top ${top} listing`,
      },
      observedOn: day,
    };
  });
}
