import { tableColumns } from '../../platform/warehouse/schema/tableColumns.js';
import { deriveNewViolations } from '../../platform/warehouse/schema/newViolations.js';
import { onPromoStatements } from '../../platform/warehouse/schema/stockOnPromo.js';
import { refreshLostSales } from '../../language/measures/lostSalesTable.js';
import type { Warehouse, WarehouseStatement } from '../../platform/warehouse/warehouse.js';

const PARAMS_PER_STATEMENT = 30_000;

/** Multi-row parameterised INSERTs of full rows (DDL column order), for one transaction. */
export function inserts(table: string, rows: readonly unknown[][]): WarehouseStatement[] {
  const columns = tableColumns(table);
  const perStatement = Math.max(1, Math.floor(PARAMS_PER_STATEMENT / columns.length));
  const statements: WarehouseStatement[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const params: unknown[] = [];
    const tuples = rows.slice(start, start + perStatement).map((row) => {
      const marks = row.map((value) => (params.push(value), `$${params.length}`));
      return `(${marks.join(',')})`;
    });
    statements.push({
      sql: `INSERT INTO ${table} (${columns.join(',')}) VALUES ${tuples.join(',')}`,
      params,
    });
  }
  return statements;
}

/**
 * Replaces a channel's day in fact_stock and fact_price with the crawled rows, and moves the
 * group's product crawl date forward, in one warehouse transaction: all of it or nothing.
 */
export async function loadFactRows(
  wh: Warehouse,
  slice: { groupId: number; channelId: number; date: string },
  rows: { stock: unknown[][]; price: unknown[][] },
  /** More statements of the same transaction (the day's crawl coverage). */
  extra: readonly WarehouseStatement[] = [],
): Promise<void> {
  const key = [slice.groupId, slice.channelId, slice.date];
  const [last] = await wh.query<{ d: string }>(
    `SELECT last_crawl_date AS d FROM crawl_log WHERE group_id = $1 AND crawl_type = 'product'`,
    [slice.groupId],
  );
  const crawlLog: WarehouseStatement[] =
    last && last.d >= slice.date
      ? []
      : [
          {
            sql: `DELETE FROM crawl_log WHERE group_id = $1 AND crawl_type = 'product'`,
            params: [slice.groupId],
          },
          { sql: `INSERT INTO crawl_log VALUES ($1, 'product', $2)`, params: [slice.groupId, slice.date] },
        ];
  await wh.transaction([
    {
      sql: 'DELETE FROM fact_stock WHERE group_id = $1 AND channel_id = $2 AND crawl_date = $3',
      params: key,
    },
    {
      sql: 'DELETE FROM fact_price WHERE group_id = $1 AND channel_id = $2 AND crawl_date = $3',
      params: key,
    },
    ...inserts('fact_stock', rows.stock),
    ...inserts('fact_price', rows.price),
    ...onPromoStatements({ groupId: slice.groupId, channelId: slice.channelId, date: slice.date }),
    ...crawlLog,
    ...extra,
  ]);
  await deriveNewViolations(wh, slice.groupId);
  await refreshLostSales(wh, slice.groupId, { from: slice.date, written: ['fact_stock', 'fact_price'] });
}
