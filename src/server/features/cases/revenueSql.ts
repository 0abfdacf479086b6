import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { daysBefore, num, type Row } from './foundCase.js';

const key = (productId: unknown, channelId: unknown) => `${num(productId)}:${num(channelId)}`;

/**
 * Each own listing's revenue (v_sales) over the `days` days ending on `last`, by `product:channel`,
 * with the number of days it has a sales row.
 */
export async function listingRevenue(
  wh: Warehouse,
  groupId: number,
  last: string,
  days: number,
): Promise<Map<string, { revenue: number; days: number }>> {
  const rows = await wh.query<Row>(
    `SELECT x.product_id, x.channel_id, SUM(x.revenue) AS revenue, COUNT(DISTINCT x.sale_date) AS days
       FROM v_sales x
      WHERE x.group_id = $1 AND x.is_competitor = 0
        AND x.sale_date > ${daysBefore('$2', '$3')} AND x.sale_date <= CAST($2 AS DATE)
      GROUP BY x.product_id, x.channel_id`,
    [groupId, last, days],
  );
  return new Map(
    rows.map((r) => [key(r.product_id, r.channel_id), { revenue: num(r.revenue), days: num(r.days) }]),
  );
}

export { key as listingKey };
