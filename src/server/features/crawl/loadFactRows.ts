import { deriveNewViolationsFrom } from '../../platform/warehouse/schema/newViolations.js';
import { stockPreviousCrawlStatement } from '../../platform/warehouse/schema/stockPreviousCrawl.js';
import { onPromoStatements } from '../../platform/warehouse/schema/stockOnPromo.js';
import { refreshLostSales } from '../../language/measures/lostSalesTable.js';
import { stageRows, type StagedRows } from '../../platform/warehouse/stagedRows.js';
import type { Warehouse, WarehouseStatement } from '../../platform/warehouse/warehouse.js';
import { writingDays } from '../../platform/warehouse/writeScope.js';

/**
 * Replaces a channel's day in fact_stock and fact_price with the crawled rows, and moves the
 * group's product crawl date forward, with the listings' previous crawls from the day on, in one
 * warehouse transaction: all of it or nothing. Every write changes the group's rows of that day or
 * later only (the new violations and lost sales are derived again from the day on), so answers
 * over earlier days stay cached (writeScope.ts).
 */
export function loadFactRows(...args: Parameters<typeof loadDay>): Promise<void> {
  const [, slice] = args;
  return writingDays({ groupId: slice.groupId, from: slice.date }, () => loadDay(...args));
}

async function loadDay(
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
  const staged: StagedRows[] = [];
  try {
    // One at a time: a staging that fails leaves the earlier ones for the drop below.
    staged.push(await stageRows(wh, 'fact_stock', rows.stock));
    staged.push(await stageRows(wh, 'fact_price', rows.price));
    await wh.transaction([
      {
        sql: 'DELETE FROM fact_stock WHERE group_id = $1 AND channel_id = $2 AND crawl_date = $3',
        params: key,
      },
      {
        sql: 'DELETE FROM fact_price WHERE group_id = $1 AND channel_id = $2 AND crawl_date = $3',
        params: key,
      },
      ...staged.flatMap((s) => s.statements),
      ...onPromoStatements({ groupId: slice.groupId, channelId: slice.channelId, date: slice.date }),
      stockPreviousCrawlStatement({ groupId: slice.groupId, channelId: slice.channelId, from: slice.date }),
      ...crawlLog,
      ...extra,
    ]);
  } finally {
    for (const s of staged) await s.drop();
  }
  await deriveNewViolationsFrom(wh, { ...slice, from: slice.date });
  await refreshLostSales(wh, slice.groupId, { from: slice.date, written: ['fact_stock', 'fact_price'] });
}
