import { BadRequestError } from '../../../shared/errors.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import type { EntityFields, EntityRow } from './entityRepo.js';
import { versionedUpdate, type WarehouseEntityRepo } from './warehouseEntity.js';

/** Messages of our own: the spec names none for adding or editing a product. */
export const PRODUCT_MSG = {
  duplicateSku: 'A product of yours already has this SKU Code.',
  unknownBrand: 'No brand of yours has this name.',
  unknownCategory: 'No category of yours has this name.',
} as const;

const SELECT = `SELECT p.product_id AS id, p.group_id, p.sku_code, p.sku_name, b.brand_name, c.category_name,
  p.brand_id, p.category_id, p.pack_size, p.mrp, p.is_competitor, p.is_favourite, p.mapping_status,
  p.product_status, p.detection_status, p.updated_at
  FROM dim_product p
  JOIN dim_brand b ON b.brand_id = p.brand_id AND b.group_id = p.group_id
  JOIN dim_category c ON c.category_id = p.category_id AND c.group_id = p.group_id`;

const EDITABLE = [
  'sku_name',
  'pack_size',
  'mrp',
  'is_favourite',
  'product_status',
  'detection_status',
] as const;

/** A validated string field, trimmed ('' when absent: the body schema requires it anyway). */
function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function refuse(field: string, message: string): never {
  throw new BadRequestError(message, [{ path: field, message }]);
}

async function one(wh: Warehouse, where: string, params: unknown[]): Promise<EntityRow | undefined> {
  const [row] = await wh.query(`${SELECT} WHERE ${where}`, params);
  return row;
}

/** The id of the group's row of `table` named `name` (case ignored), else a 400 on `field`. */
async function idByName(
  wh: Warehouse,
  groupId: number,
  sql: string,
  name: string,
  field: string,
  message: string,
): Promise<{ id: number; is_competitor?: number }> {
  const [row] = await wh.query<{ id: number; is_competitor?: number }>(sql, [groupId, name]);
  return row ?? refuse(field, message);
}

/**
 * The `product` entity: one row of the group's product master `dim_product` (the products
 * screens, the SKU master upload and every fact's product join read it). A product added here is
 * the group's own or a competitor's as its brand is, starts unmapped-pending (status 2: no channel
 * listing yet) with the status the form gives (1 Active, 0 In-Active), and is numbered after the
 * table's highest id inside its INSERT, which also refuses a SKU code the group already has.
 */
export const productEntity: WarehouseEntityRepo = {
  home: 'warehouse',
  table: 'dim_product',
  idColumn: 'product_id',
  find: (wh, id) => one(wh, 'p.product_id = $1', [id]),
  findByToken: (wh, groupId, token) => one(wh, 'p.group_id = $1 AND p.updated_at = $2', [groupId, token]),

  async create(wh, fields: EntityFields, groupId, token) {
    const sku = text(fields.sku_code);
    const [taken] = await wh.query(
      'SELECT 1 FROM dim_product WHERE group_id = $1 AND lower(sku_code) = lower($2)',
      [groupId, sku],
    );
    if (taken) refuse('sku_code', PRODUCT_MSG.duplicateSku);
    const brand = await idByName(
      wh,
      groupId,
      'SELECT brand_id AS id, is_competitor FROM dim_brand WHERE group_id = $1 AND lower(brand_name) = lower($2)',
      text(fields.brand_name),
      'brand_name',
      PRODUCT_MSG.unknownBrand,
    );
    const category = await idByName(
      wh,
      groupId,
      'SELECT category_id AS id FROM dim_category WHERE group_id = $1 AND lower(category_name) = lower($2)',
      text(fields.category_name),
      'category_name',
      PRODUCT_MSG.unknownCategory,
    );
    return [
      {
        sql: `INSERT INTO dim_product (product_id, group_id, brand_id, category_id, sku_name, sku_code, pack_size,
                mrp, image_url, is_competitor, is_favourite, mapping_status, launch_date, product_status, updated_at)
              SELECT (SELECT COALESCE(MAX(product_id), 0) + 1 FROM dim_product), $1, $2, $3, $4, CAST($5 AS VARCHAR), $6, $7, '',
                $8, 0, 2, CURRENT_DATE, $9, $10
              WHERE NOT EXISTS (SELECT 1 FROM dim_product WHERE group_id = $1 AND lower(sku_code) = lower(CAST($5 AS VARCHAR)))`,
        params: [
          groupId,
          brand.id,
          category.id,
          text(fields.sku_name),
          sku,
          text(fields.pack_size),
          fields.mrp,
          brand.is_competitor ?? 0,
          fields.product_status ?? 1,
          token,
        ],
      },
    ];
  },

  update(_wh, before, fields, token) {
    return versionedUpdate(productEntity, before, fields, EDITABLE, token);
  },
};
