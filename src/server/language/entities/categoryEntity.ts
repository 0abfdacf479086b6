import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import type { EntityRow } from './entityRepo.js';
import { versionedUpdate, type WarehouseEntityRepo } from './warehouseEntity.js';

const SELECT = `SELECT category_id AS id, group_id, category_name, rank_threshold, updated_at FROM dim_category`;

async function one(wh: Warehouse, where: string, params: unknown[]): Promise<EntityRow | undefined> {
  const [row] = await wh.query(`${SELECT} WHERE ${where}`, params);
  return row;
}

/**
 * The `category` entity: a category of the group (`dim_category`), edited for its rank threshold
 * (the spec's `catg/threshold`: the category rank its listings should reach, shown next to the
 * category's best and average rank on category/kpi). Categories come from the SKU master, so
 * they are never created or deleted here.
 */
export const categoryEntity: WarehouseEntityRepo = {
  home: 'warehouse',
  table: 'dim_category',
  idColumn: 'category_id',
  find: (wh, id) => one(wh, 'category_id = $1', [id]),
  findByToken: (wh, groupId, token) => one(wh, 'group_id = $1 AND updated_at = $2', [groupId, token]),
  update(_wh, before, fields, token) {
    return versionedUpdate(categoryEntity, before, fields, ['rank_threshold'], token);
  },
};
