import { BadRequestError } from '../../../shared/errors.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import type { EntityFields, EntityRow } from './entityRepo.js';
import { versionedUpdate, type WarehouseEntityRepo } from './warehouseEntity.js';

/** Messages of our own: the spec names none for a planned promotion's single-row write. */
export const PROMO_PLAN_MSG = {
  unknownSku: 'No product of yours has this SKU Code.',
  unknownChannel: 'Unknown channel.',
  datesOrder: 'End Date must not be before Start Date.',
} as const;

const SELECT = `SELECT p.plan_id AS id, p.group_id, d.sku_code, c.channel_name, p.product_id, p.channel_id,
  p.mechanic, p.offer_text, p.plan_price, p.start_date, p.end_date, p.promo_state, p.updated_at
  FROM dim_promo_plan p
  JOIN dim_product d ON d.product_id = p.product_id AND d.group_id = p.group_id
  JOIN dim_channel c ON c.channel_id = p.channel_id`;

const EDITABLE = ['mechanic', 'offer_text', 'plan_price', 'start_date', 'end_date'] as const;
const DATES = { start_date: 'DATE', end_date: 'DATE' };

function checkDates(start: unknown, end: unknown): void {
  if (typeof start === 'string' && typeof end === 'string' && end < start)
    throw new BadRequestError(PROMO_PLAN_MSG.datesOrder, [
      { path: 'end_date', message: PROMO_PLAN_MSG.datesOrder },
    ]);
}

/** A validated string field, trimmed ('' when absent: the body schema requires it anyway). */
function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

async function one(wh: Warehouse, where: string, params: unknown[]): Promise<EntityRow | undefined> {
  const [row] = await wh.query(`${SELECT} WHERE ${where}`, params);
  return row;
}

/**
 * The `promoPlan` entity: one row of `dim_promo_plan`, the table the plan import fills and the
 * plan screen reads. A new plan is numbered after the table's highest id inside its INSERT (as
 * the import's swap does) and starts in state planning, as imported plans do.
 */
export const promoPlanEntity: WarehouseEntityRepo = {
  home: 'warehouse',
  table: 'dim_promo_plan',
  idColumn: 'plan_id',
  find: (wh, id) => one(wh, 'p.plan_id = $1', [id]),
  findByToken: (wh, groupId, token) => one(wh, 'p.group_id = $1 AND p.updated_at = $2', [groupId, token]),

  async create(wh, fields: EntityFields, groupId, token) {
    checkDates(fields.start_date, fields.end_date);
    const [product] = await wh.query<{ product_id: number }>(
      'SELECT product_id FROM dim_product WHERE group_id = $1 AND sku_code = $2',
      [groupId, text(fields.sku_code)],
    );
    if (!product)
      throw new BadRequestError(PROMO_PLAN_MSG.unknownSku, [
        { path: 'sku_code', message: PROMO_PLAN_MSG.unknownSku },
      ]);
    const [channel] = await wh.query<{ channel_id: number }>(
      'SELECT channel_id FROM dim_channel WHERE lower(channel_name) = lower($1)',
      [text(fields.channel_name)],
    );
    if (!channel)
      throw new BadRequestError(PROMO_PLAN_MSG.unknownChannel, [
        { path: 'channel_name', message: PROMO_PLAN_MSG.unknownChannel },
      ]);
    return [
      {
        sql: `INSERT INTO dim_promo_plan (plan_id, group_id, product_id, brand_id, category_id, channel_id,
                mechanic, offer_text, plan_price, start_date, end_date, promo_state, updated_at)
              SELECT (SELECT COALESCE(MAX(plan_id), 0) + 1 FROM dim_promo_plan), d.group_id, d.product_id,
                d.brand_id, d.category_id, $3, $4, $5, $6, CAST($7 AS DATE), CAST($8 AS DATE), 'planning', $9
              FROM dim_product d WHERE d.group_id = $1 AND d.product_id = $2`,
        params: [
          groupId,
          product.product_id,
          channel.channel_id,
          text(fields.mechanic),
          text(fields.offer_text),
          fields.plan_price,
          fields.start_date,
          fields.end_date,
          token,
        ],
      },
    ];
  },

  update(_wh, before, fields, token) {
    checkDates(fields.start_date ?? before.start_date, fields.end_date ?? before.end_date);
    return versionedUpdate(promoPlanEntity, before, fields, EDITABLE, token, DATES);
  },
};
