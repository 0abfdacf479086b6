import type { Warehouse } from '../platform/warehouse/warehouse.js';

/**
 * The rank thresholds the demo brands set on their categories (catg/threshold, Set Threshold on
 * category/kpi), as a brand would: 5 on a category where only the first row counts, up to 30 where
 * a second page still sells. Left at the default 10 everywhere, Within Threshold would be the Top 10
 * count under another name. Only categories still at the default and never edited are set.
 */
export async function setDemoCategoryThresholds(wh: Warehouse, groupIds: readonly number[]): Promise<void> {
  for (const groupId of groupIds)
    await wh.query(
      `UPDATE dim_category SET rank_threshold = CASE category_id % 4 WHEN 0 THEN 5 WHEN 1 THEN 10 WHEN 2 THEN 20 ELSE 30 END
        WHERE group_id = $1 AND rank_threshold = 10 AND updated_at = ''`,
      [groupId],
    );
}
