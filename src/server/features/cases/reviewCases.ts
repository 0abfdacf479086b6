import type { LowStarReviewsCondition } from '../../../shared/config.gen.js';
import { daysBefore, num, product, type FinderContext, type FoundCase, type Row } from './foundCase.js';
import { listingKey, listingRevenue } from './revenueSql.js';

/** Windows before the current one whose median is "usual" (4 x 7 days: 28 days). */
const HISTORY_WINDOWS = 4;

const median = (values: readonly number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/**
 * An own listing with more reviews of `maxStars` stars or fewer in the window (ending on the
 * newest review day) than the median of that count over the 4 windows before. Opportunity: its
 * revenue over the window (ending on the newest sales day) x the excess low reviews / all its
 * reviews of the 5 windows: the share of its recent reviews that turned unusually low.
 */
export async function reviewCases(ctx: FinderContext, when: LowStarReviewsCondition): Promise<FoundCase[]> {
  const day = await ctx.newest('fact_review', 'review_date');
  const salesDay = await ctx.newest('v_sales', 'sale_date');
  if (!day || !salesDay) return [];
  const w = when.windowDays ?? 7;
  const windows = Array.from({ length: HISTORY_WINDOWS + 1 }, (_, k) => k);
  const params: unknown[] = [ctx.groupId, day, when.maxStars ?? 2];
  const at = (v: unknown) => `$${params.push(v)}`;
  const counts = windows.map(
    (k) =>
      `SUM(CASE WHEN r.rating <= $3 AND r.review_date > ${daysBefore('$2', at((k + 1) * w))}
              AND r.review_date <= ${daysBefore('$2', at(k * w))} THEN 1 ELSE 0 END) AS low_${k}`,
  );
  const rows = await ctx.wh.query<Row>(
    `SELECT r.product_id, r.channel_id, ${counts.join(', ')}, COUNT(*) AS reviews,
            MIN(p.sku_name) AS sku_name, MIN(c.channel_name) AS channel_name
       FROM fact_review r
       JOIN dim_product p ON p.product_id = r.product_id
       JOIN dim_channel c ON c.channel_id = r.channel_id
      WHERE r.group_id = $1 AND r.is_competitor = 0
        AND r.review_date > ${daysBefore('$2', at((HISTORY_WINDOWS + 1) * w))} AND r.review_date <= CAST($2 AS DATE)
      GROUP BY r.product_id, r.channel_id`,
    params,
  );
  const hits = rows
    .map((r) => ({ r, now: num(r.low_0), usual: median(windows.slice(1).map((k) => num(r[`low_${k}`]))) }))
    .filter((h) => h.now > h.usual);
  if (hits.length === 0) return [];
  const revenue = await listingRevenue(ctx.wh, ctx.groupId, salesDay, w);
  return hits.map(({ r, now, usual }) => {
    const factors = [
      {
        label: 'Revenue',
        value: revenue.get(listingKey(r.product_id, r.channel_id))?.revenue ?? 0,
        format: 'currency' as const,
      },
      { label: 'Excess Low Reviews', value: now - usual, format: 'plain' as const },
      { label: '1/Reviews', value: 1 / num(r.reviews), format: 'plain' as const },
    ];
    return {
      ruleId: ctx.ruleId,
      subject: `${num(r.product_id)}:${num(r.channel_id)}`,
      title: `${String(r.sku_name)}: ${now} new low-star reviews on ${String(r.channel_name)}`,
      productId: num(r.product_id),
      channelId: num(r.channel_id),
      opportunity: product(factors),
      inputs: {
        factors,
        note: `${now} reviews of ${when.maxStars ?? 2} stars or fewer in the ${w} days to ${day}, usual ${usual} (median of the ${HISTORY_WINDOWS} windows before); ${num(r.reviews)} reviews in ${(HISTORY_WINDOWS + 1) * w} days`,
      },
      observedOn: day,
    };
  });
}
