import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import type { EntityRow } from './entityRepo.js';
import { versionedUpdate, type WarehouseEntityRepo } from './warehouseEntity.js';

const SELECT = `SELECT keyword_id AS id, group_id, keyword, keyword_type, category_id, search_volume,
  is_favourite, search_pages, updated_at FROM dim_keyword`;
const EDITABLE = ['keyword_type', 'search_volume', 'is_favourite', 'search_pages'] as const;

async function one(wh: Warehouse, where: string, params: unknown[]): Promise<EntityRow | undefined> {
  const [row] = await wh.query(`${SELECT} WHERE ${where}`, params);
  return row;
}

/**
 * The `keyword` entity: a keyword the group tracks (`dim_keyword`, read by the visibility
 * screens through the keyword look-up). Keywords come from the crawl set-up, so they are edited
 * (favourite, type, volume, result pages 1–6) but never created or deleted here.
 */
export const keywordEntity: WarehouseEntityRepo = {
  home: 'warehouse',
  table: 'dim_keyword',
  idColumn: 'keyword_id',
  find: (wh, id) => one(wh, 'keyword_id = $1', [id]),
  findByToken: (wh, groupId, token) => one(wh, 'group_id = $1 AND updated_at = $2', [groupId, token]),
  update(_wh, before, fields, token) {
    return versionedUpdate(keywordEntity, before, fields, EDITABLE, token);
  },
};
