import type { Warehouse } from '../warehouse.js';

/** The definition of fact_stock.on_promo, as SQL over a stock row aliased `s`. */
export const ON_PROMO_EXISTS = `EXISTS (
  SELECT 1 FROM fact_promo p
  WHERE p.group_id = s.group_id AND p.crawl_date = s.crawl_date AND p.channel_id = s.channel_id
    AND p.city_id = s.city_id AND p.product_id = s.product_id AND p.promo_state = 'running')`;

/** Which stock rows to derive: a group, optionally one channel's day of it (a crawl load). */
export interface StockSlice {
  groupId?: number;
  channelId?: number;
  date?: string;
}

/**
 * The UPDATEs that set fact_stock.on_promo of a slice; usable inside a warehouse transaction.
 * Two plain EXISTS / NOT EXISTS filters rather than one CASE: PostgreSQL plans those as a semi
 * and an anti join, while an EXISTS inside CASE runs a subquery per stock row. Only rows whose
 * flag is wrong are written: on DuckDB an UPDATE rewrites every row it touches.
 */
export function onPromoStatements(slice: StockSlice = {}): { sql: string; params: unknown[] }[] {
  const params: unknown[] = [];
  const where = (
    [
      ['group_id', slice.groupId],
      ['channel_id', slice.channelId],
      ['crawl_date', slice.date],
    ] as const
  )
    .filter(([, v]) => v !== undefined)
    .map(([column, v]) => (params.push(v), `s.${column} = $${params.length} AND `))
    .join('');
  return [
    {
      sql: `UPDATE fact_stock AS s SET on_promo = 1 WHERE ${where}s.on_promo = 0 AND ${ON_PROMO_EXISTS}`,
      params,
    },
    {
      sql: `UPDATE fact_stock AS s SET on_promo = 0 WHERE ${where}s.on_promo = 1 AND NOT ${ON_PROMO_EXISTS}`,
      params,
    },
  ];
}

/**
 * fact_stock.on_promo: 1 when a running promotion (fact_promo, promo_state 'running') was seen
 * for the same group, day, channel, city and product. Stored, not a view: an EXISTS per stock
 * row made every stock screen about 10x slower (measured on the demo tenant). The demo generator
 * writes it with the rows; other writers (crawl loads, old warehouses on start) derive it here.
 */
export async function deriveStockOnPromo(wh: Warehouse, slice: StockSlice = {}): Promise<void> {
  // Without statistics (right after a bulk load, or a column just added) PostgreSQL guesses a few
  // dozen running promotions and probes fact_stock per promotion through the (group, date) index,
  // filtering every row of that day: 4 s for 45k stock rows, 46 s for 190k; analysed, it hashes
  // both sides in about 0.1 s (docs/warehouse.md).
  if (wh.dialect === 'postgres') await wh.exec('ANALYZE fact_stock, fact_promo');
  for (const { sql, params } of onPromoStatements(slice)) await wh.query(sql, params);
}
