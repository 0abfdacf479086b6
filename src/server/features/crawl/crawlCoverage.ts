import type { Warehouse, WarehouseStatement } from '../../platform/warehouse/warehouse.js';
import type { PageLogEntry } from './crawlChannelDay.js';

/**
 * What a product crawl saw of a channel-day, per city: pages tracked, loaded, behind a bot wall,
 * failed otherwise. A KPI's confidence reads it (loaded / pages); a blocked page is missing
 * coverage, never an out-of-stock row. Owned by the crawl: created with its first use.
 */
const COVERAGE_DDL = `CREATE TABLE IF NOT EXISTS crawl_coverage (
  group_id INTEGER NOT NULL,
  crawl_date DATE NOT NULL,
  channel_id INTEGER NOT NULL,
  city_id INTEGER NOT NULL,
  pages INTEGER NOT NULL,
  loaded INTEGER NOT NULL,
  blocked INTEGER NOT NULL,
  failed INTEGER NOT NULL
)`;

/**
 * The pages of a channel-day that loaded no row, one per page (blocked 1: behind a bot wall;
 * 0: failed otherwise), named by product and city so a KPI's confidence counts the missing pages
 * of its own filters (features/confidence/tileConfidence.ts). Same transaction as crawl_coverage.
 */
const MISSING_DDL = `CREATE TABLE IF NOT EXISTS crawl_missing_pages (
  group_id INTEGER NOT NULL,
  crawl_date DATE NOT NULL,
  channel_id INTEGER NOT NULL,
  city_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  blocked SMALLINT NOT NULL
)`;

const ready = new WeakSet<Warehouse>();

export async function ensureCoverageTable(wh: Warehouse): Promise<void> {
  if (ready.has(wh)) return;
  await wh.exec(COVERAGE_DDL);
  await wh.exec(MISSING_DDL);
  ready.add(wh);
}

/** Replaces the channel-day's coverage with this crawl's page log (statements for the load's transaction). */
export function coverageStatements(
  slice: { groupId: number; channelId: number; date: string },
  log: readonly Pick<PageLogEntry, 'productId' | 'cityId' | 'reason' | 'blocked'>[],
): WarehouseStatement[] {
  const cities = new Map<number, { pages: number; loaded: number; blocked: number; failed: number }>();
  for (const page of log) {
    let c = cities.get(page.cityId);
    if (!c) cities.set(page.cityId, (c = { pages: 0, loaded: 0, blocked: 0, failed: 0 }));
    c.pages++;
    if (page.reason === null) c.loaded++;
    else if (page.blocked) c.blocked++;
    else c.failed++;
  }
  const params: unknown[] = [];
  const tuples = [...cities].map(([cityId, c]) => {
    const values = [
      slice.groupId,
      slice.date,
      slice.channelId,
      cityId,
      c.pages,
      c.loaded,
      c.blocked,
      c.failed,
    ];
    return `(${values.map((v) => (params.push(v), `$${params.length}`)).join(',')})`;
  });
  const slicePart = 'WHERE group_id = $1 AND channel_id = $2 AND crawl_date = $3';
  const sliceParams = [slice.groupId, slice.channelId, slice.date];
  return [
    { sql: `DELETE FROM crawl_coverage ${slicePart}`, params: sliceParams },
    { sql: `DELETE FROM crawl_missing_pages ${slicePart}`, params: sliceParams },
    ...missingStatements(slice, log),
    ...(tuples.length === 0
      ? []
      : [
          {
            sql: `INSERT INTO crawl_coverage (group_id, crawl_date, channel_id, city_id, pages, loaded, blocked, failed) VALUES ${tuples.join(',')}`,
            params,
          },
        ]),
  ];
}

/** The channel-day's pages that loaded nothing, one row each, in batches of 1,000. */
function missingStatements(
  slice: { groupId: number; channelId: number; date: string },
  log: readonly Pick<PageLogEntry, 'productId' | 'cityId' | 'reason' | 'blocked'>[],
): WarehouseStatement[] {
  const missing = log.filter((page) => page.reason !== null);
  const statements: WarehouseStatement[] = [];
  for (let i = 0; i < missing.length; i += 1000) {
    const params: unknown[] = [];
    const tuples = missing.slice(i, i + 1000).map((page) => {
      const values = [
        slice.groupId,
        slice.date,
        slice.channelId,
        page.cityId,
        page.productId,
        page.blocked ? 1 : 0,
      ];
      return `(${values.map((v) => (params.push(v), `$${params.length}`)).join(',')})`;
    });
    statements.push({
      sql: `INSERT INTO crawl_missing_pages (group_id, crawl_date, channel_id, city_id, product_id, blocked) VALUES ${tuples.join(',')}`,
      params,
    });
  }
  return statements;
}
