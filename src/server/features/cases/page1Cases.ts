import type { Page1DropCondition } from '../../../shared/config.gen.js';
import {
  daysBefore,
  num,
  numOrNull,
  product,
  type FinderContext,
  type FoundCase,
  type Row,
} from './foundCase.js';

/** Days of a month: dim_keyword.search_volume is monthly searches (docs/warehouse.md). */
const MONTH_DAYS = 30;

/**
 * An own listing on page 1 for a keyword (with a monthly search volume of `minSearchVolume`+) on
 * every day the keyword was searched in the window before the newest day (it held page 1), and
 * not on page 1 on the newest day, when the keyword was searched. Opportunity: the window's searches (volume x days / 30) x `salesPerSearch` x the
 * listing's average selling price on the newest price day.
 * One pass over the window's searches per grain (keyword; listing x keyword), joined once: with a
 * correlated subquery per listing-keyword and EXISTS probes of the newest day, PostgreSQL planned
 * nested loops that re-read the searches (no statistics after a load: 13 rows expected, ~100k
 * read) and took 269 s on the demo tenant.
 */
export async function page1Cases(ctx: FinderContext, when: Page1DropCondition): Promise<FoundCase[]> {
  const day = await ctx.newest('fact_search', 'crawl_date');
  const priceDay = await ctx.newest('fact_price', 'crawl_date');
  if (!day || !priceDay) return [];
  const w = when.windowDays ?? 7;
  const perSearch = when.salesPerSearch ?? 0.01;
  // An own listing's row on page 1 on a day of the window before the newest day.
  const held = 's.crawl_date < CAST($2 AS DATE) AND s.is_competitor = 0 AND s.page = 1';
  const rows = await ctx.wh.query<Row>(
    `WITH searched AS (
       SELECT s.channel_id, s.keyword_id,
              COUNT(DISTINCT s.crawl_date) FILTER (WHERE s.crawl_date < CAST($2 AS DATE)) AS days,
              MAX(CASE WHEN s.crawl_date = CAST($2 AS DATE) THEN 1 ELSE 0 END) AS today
         FROM fact_search s
        WHERE s.group_id = $1 AND s.crawl_date > ${daysBefore('$2', '$3')} AND s.crawl_date <= CAST($2 AS DATE)
        GROUP BY s.channel_id, s.keyword_id
     ), listed AS (
       SELECT s.product_id, s.channel_id, s.keyword_id,
              MIN(s.position) FILTER (WHERE ${held}) AS position,
              COUNT(DISTINCT s.crawl_date) FILTER (WHERE ${held}) AS days,
              MAX(CASE WHEN s.crawl_date = CAST($2 AS DATE) AND s.page = 1 THEN 1 ELSE 0 END) AS page1_today
         FROM fact_search s
        WHERE s.group_id = $1 AND s.crawl_date > ${daysBefore('$2', '$3')} AND s.crawl_date <= CAST($2 AS DATE)
        GROUP BY s.product_id, s.channel_id, s.keyword_id
     ), price AS (
       SELECT t.product_id, t.channel_id, AVG(t.selling_price) AS price
         FROM fact_price t WHERE t.group_id = $1 AND t.crawl_date = CAST($5 AS DATE)
        GROUP BY t.product_id, t.channel_id
     )
     SELECT w.product_id, w.channel_id, w.keyword_id, w.position, k.keyword, k.search_volume,
            pr.price, p.sku_name, c.channel_name
       FROM listed w
       JOIN searched x ON x.channel_id = w.channel_id AND x.keyword_id = w.keyword_id
       JOIN dim_keyword k ON k.keyword_id = w.keyword_id AND k.group_id = $1
       JOIN dim_product p ON p.product_id = w.product_id
       JOIN dim_channel c ON c.channel_id = w.channel_id
       LEFT JOIN price pr ON pr.product_id = w.product_id AND pr.channel_id = w.channel_id
      WHERE w.days > 0 AND w.days = x.days AND x.today = 1 AND w.page1_today = 0
        AND k.search_volume >= $4`,
    [ctx.groupId, day, w, when.minSearchVolume ?? 1, priceDay],
  );
  return rows.map((r) => {
    const factors = [
      { label: 'Searches', value: (num(r.search_volume) * w) / MONTH_DAYS, format: 'plain' as const },
      { label: 'Units/Search', value: perSearch, format: 'plain' as const },
      { label: 'Price/Unit', value: numOrNull(r.price), format: 'currency' as const },
    ];
    return {
      ruleId: ctx.ruleId,
      subject: `${num(r.product_id)}:${num(r.channel_id)}:${num(r.keyword_id)}`,
      title: `${String(r.sku_name)} off page 1 for "${String(r.keyword)}" on ${String(r.channel_name)}`,
      productId: num(r.product_id),
      channelId: num(r.channel_id),
      opportunity: product(factors),
      inputs: {
        factors,
        note: `was position ${num(r.position)} in the ${w} days before ${day}; ${num(r.search_volume)} searches a month`,
      },
      observedOn: day,
    };
  });
}
