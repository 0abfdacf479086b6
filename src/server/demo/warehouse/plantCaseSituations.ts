import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { CONTENT_RULES, CONTENT_WEIGHTS } from './contentScore.js';

/** Images the planted listing keeps: its images earn 2/5 of their weight (contentScore.ts). */
const PLANTED_IMAGES = 2;

/**
 * A situation the action inbox's case rules (screens/cases) find that the day-by-day walk does
 * not make on its own: the best-selling own listing of the last week loses its images on the
 * newest content day (images non-compliant, down to two: 24 of its 40 points off the score), so a content drop on a
 * top-revenue product is in the demo market. The other case kinds arise from the walk itself
 * (stock-outs, unauthorised buy-box holders, price violations, page-1 churn, low reviews).
 */
export async function plantCaseSituations(wh: Warehouse, groupId: number): Promise<void> {
  const [top] = await wh.query<{ product_id: number; channel_id: number; d: string }>(
    `WITH newest AS (SELECT MAX(crawl_date) AS d FROM fact_content WHERE group_id = $1),
          sold AS (SELECT MAX(sale_date) AS d FROM fact_sales WHERE group_id = $1)
     SELECT x.product_id, x.channel_id, CAST(MAX(newest.d) AS VARCHAR) AS d
       FROM fact_sales x CROSS JOIN newest CROSS JOIN sold
       JOIN fact_content c ON c.group_id = x.group_id AND c.product_id = x.product_id
        AND c.channel_id = x.channel_id AND c.crawl_date = newest.d AND c.images_compliant = 1
      WHERE x.group_id = $1 AND x.is_competitor = 0 AND x.sale_date > sold.d - 7
      GROUP BY x.product_id, x.channel_id
      ORDER BY SUM(x.revenue) DESC, x.product_id, x.channel_id
      LIMIT 1`,
    [groupId],
  );
  if (!top) return;
  const lost = CONTENT_WEIGHTS.images * (1 - PLANTED_IMAGES / CONTENT_RULES.minImages);
  const score = `content_score - ${lost}`;
  await wh.transaction([
    {
      sql: `UPDATE fact_content
               SET images_compliant = 0, image_count = ${PLANTED_IMAGES}, content_score = ${score},
                   content_band = CASE WHEN ${score} >= 80 THEN 'High' WHEN ${score} >= 40 THEN 'Medium' ELSE 'Low' END
             WHERE group_id = $1 AND product_id = $2 AND channel_id = $3 AND crawl_date = CAST($4 AS DATE)`,
      params: [groupId, top.product_id, top.channel_id, String(top.d).slice(0, 10)],
    },
  ]);
}
