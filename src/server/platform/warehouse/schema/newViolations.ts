import type { Warehouse } from '../warehouse.js';

/** Violation types that are violations: 1 Max, 2 Min, 3 Max Min (4 Satisfied and 5 NA are not). */
const VIOLATING_TYPES = [1, 2, 3] as const;

const violating = (column: string) => `${column} IN (${VIOLATING_TYPES.join(', ')})`;

/**
 * fact_price.is_new_violation: 1 when an observation is a violation and the same listing
 * (product x channel x city) was not in violation at its previous crawl, or had none. Derived
 * after each load, in SQL, so every load path (demo generator or import) gets the same flag;
 * a one-day range then counts exactly the violations new since the last crawl.
 */
export async function deriveNewViolations(wh: Warehouse, groupId?: number): Promise<void> {
  // Right after a bulk load PostgreSQL has no statistics for the table and joins the window's
  // rows back by nested loop: 5.5 s for 20k rows, 54 ms once analysed.
  if (wh.dialect === 'postgres') await wh.exec('ANALYZE fact_price');
  const inGroup = groupId === undefined ? 'TRUE' : 'group_id = $1';
  await wh.query(
    `UPDATE fact_price AS t SET is_new_violation = s.v
     FROM (
       SELECT group_id, product_id, channel_id, city_id, crawl_date,
         CASE WHEN ${violating('violation_type')}
           AND NOT COALESCE(${violating('LAG(violation_type) OVER w')}, FALSE) THEN 1 ELSE 0 END AS v
       FROM fact_price
       WHERE ${inGroup}
       WINDOW w AS (PARTITION BY group_id, product_id, channel_id, city_id ORDER BY crawl_date)
     ) s
     WHERE t.group_id = s.group_id AND t.product_id = s.product_id AND t.channel_id = s.channel_id
       AND t.city_id = s.city_id AND t.crawl_date = s.crawl_date AND t.is_new_violation <> s.v`,
    groupId === undefined ? [] : [groupId],
  );
}
