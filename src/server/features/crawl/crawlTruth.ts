import type { Warehouse } from '../../platform/warehouse/warehouse.js';

type Row = Record<string, unknown>;

/** Max Min: an intra-day price swing the generator simulates and one crawl per day cannot see. */
const SWING = 3;

/** A value as both warehouses answer it alike: dates as YYYY-MM-DD, numeric text and bigints as numbers. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

/** How each crawled table's channel-day is ordered: by listing, or by result page and place. */
const DAY_ORDER = {
  fact_stock: 'product_id, city_id',
  fact_price: 'product_id, city_id',
  fact_search: 'keyword_id, page, position',
  fact_category_rank: 'category_id, category_rank',
  fact_bestseller: 'category_id, bestseller_rank',
} as const;

/** One channel-day of a fact table, in DAY_ORDER, with comparable values (DuckDB or PostgreSQL). */
export async function factDay(
  wh: Warehouse,
  table: keyof typeof DAY_ORDER,
  key: { groupId: number; channelId: number; date: string },
): Promise<Row[]> {
  const rows = await wh.query<Row>(
    `SELECT * FROM ${table} WHERE group_id = $1 AND channel_id = $2 AND crawl_date = $3
      ORDER BY ${DAY_ORDER[table]}`,
    [key.groupId, key.channelId, key.date],
  );
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, plain(v)])));
}

/**
 * Price rows as a crawl can know them: on rows the generator marks as a swing, violation_type and
 * the is_new_violation it drives are the only allowed difference, so both are masked by the truth.
 */
export function maskSwings(truth: readonly Row[], rows: readonly Row[]): Row[] {
  return rows.map((r, i) =>
    truth[i]?.violation_type === SWING ? { ...r, violation_type: 'swing', is_new_violation: 'swing' } : r,
  );
}

/** Share of the truth's price rows that are swings (the test bounds it: under 2%). */
export function swingShare(truth: readonly Row[]): number {
  return truth.length === 0 ? 0 : truth.filter((r) => r.violation_type === SWING).length / truth.length;
}
