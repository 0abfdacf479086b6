import type { Warehouse, WarehouseStatement } from '../warehouse.js';

/**
 * The definition of fact_sales.is_superseded, as SQL over a sales row aliased `s`: a reported
 * row (is_estimate = 0) of the same group, day, product and channel exists. Only estimate rows
 * can be superseded; reported rows are always 0.
 */
export const SUPERSEDED_EXISTS = `EXISTS (
  SELECT 1 FROM fact_sales r
  WHERE r.is_estimate = 0 AND r.group_id = s.group_id AND r.sale_date = s.sale_date
    AND r.product_id = s.product_id AND r.channel_id = s.channel_id)`;

/** Which sales rows to derive: a condition on the row aliased `s` and its parameters. */
export interface SalesRows {
  where: string;
  params: unknown[];
}

/**
 * The UPDATEs that set is_superseded of the estimate rows a condition selects; usable inside
 * the transaction that loads or deletes reported rows. As for fact_stock.on_promo: plain
 * EXISTS / NOT EXISTS filters (a semi and an anti join on PostgreSQL), and only rows whose flag
 * is wrong are written (DuckDB rewrites every row an UPDATE touches).
 */
export function supersededStatements(rows: SalesRows = { where: '1 = 1', params: [] }): WarehouseStatement[] {
  const base = `UPDATE fact_sales AS s SET is_superseded`;
  const where = `(${rows.where}) AND s.is_estimate = 1`;
  return [
    {
      sql: `${base} = 1 WHERE ${where} AND s.is_superseded = 0 AND ${SUPERSEDED_EXISTS}`,
      params: rows.params,
    },
    {
      sql: `${base} = 0 WHERE ${where} AND s.is_superseded = 1 AND NOT ${SUPERSEDED_EXISTS}`,
      params: rows.params,
    },
  ];
}

/**
 * fact_sales.is_superseded: 1 on an estimate row that a reported row of the same group, day,
 * product and channel replaces (v_sales hides it). Stored, not computed in the view: the view's
 * NOT EXISTS built its anti join over every reported row of the warehouse whatever the dates
 * asked, ~25x the plain scan on the large tenant (docs/bench.md). The demo generator writes it
 * with the rows, the channel sales upload in its swap and slice delete; old warehouses on start.
 */
export async function deriveSalesSuperseded(wh: Warehouse, rows?: SalesRows): Promise<void> {
  for (const { sql, params } of supersededStatements(rows)) await wh.query(sql, params);
}
