import type { Kysely } from 'kysely';
import type { Confidence } from '../../../shared/insights/confidence.js';
import type { DatasetIndex } from '../../language/model/datasetIndex.js';
import type { FilterCondition } from '../../language/query/dataRequest.js';
import { whereClauses } from '../../language/query/filterSql.js';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import { ident, SqlParams } from '../../platform/warehouse/sql/sqlBuilder.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import type { CrawlTables } from '../crawl/crawlTables.js';

/** Columns a missing page carries (crawl_missing_pages, with its product's brand and category). */
const PAGE_COLUMNS = new Set([
  'product_id',
  'channel_id',
  'city_id',
  'brand_id',
  'category_id',
  'is_competitor',
]);

/** The fact column a condition tests (a mapped dimension's target's). */
function columnOf(ds: DatasetIndex, c: FilterCondition): string | null {
  const dim = ds.dimensions.get(c.dimension);
  if (dim?.kind === 'column') return dim.filterAtLastCrawlOf ? null : dim.column;
  const target = dim ? ds.dimensions.get(dim.into) : undefined;
  return target?.kind === 'column' ? target.column : null;
}

async function hasTable(wh: Warehouse, table: string): Promise<boolean> {
  const rows = await wh.query(
    'SELECT 1 AS x FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = $1',
    [table],
  );
  return rows.length > 0;
}

/**
 * The confidence of a KPI tile of a crawled dataset (docs/metrics.md, Confidence): over its period
 * and the filters a page carries (channel, city, product and what maps to them; a status filter
 * cannot apply to a page that loaded nothing, so it is left out of both counts), pages loaded =
 * the dataset's rows; pages missing = the crawl's pages that loaded no row (crawl_missing_pages:
 * blocked by a wall, or failed); expected = loaded + missing. A missing page has no row, so it is
 * never out of stock. Freshness: the last product crawl that loaded rows (the store's crawl runs,
 * of the filtered channels) and the newest day of rows.
 */
export async function tileConfidence(
  wh: Warehouse,
  db: Kysely<StoreDatabase>,
  ds: DatasetIndex,
  scope: {
    groupId: number;
    conditions: readonly FilterCondition[];
    startDate: string | null;
    endDate: string | null;
  },
): Promise<Confidence> {
  const conditions = scope.conditions.filter((c) => PAGE_COLUMNS.has(columnOf(ds, c) ?? ''));
  const input = { ...scope, conditions };
  const p = new SqlParams(wh.dialect);
  const [loadedRow] = await wh.query<{ n: number; last: string | null }>(
    `SELECT COUNT(*) AS n, CAST(MAX(f.${ident(ds.config.dateColumn)}) AS VARCHAR) AS last
     FROM ${ident(ds.config.table)} f WHERE ${whereClauses(ds, input, p).join(' AND ')}`,
    p.values,
  );
  let blocked = 0;
  let failed = 0;
  if (await hasTable(wh, 'crawl_missing_pages')) {
    const q = new SqlParams(wh.dialect);
    // The missing pages as rows of the dataset's names: its date column, the product's brand and category.
    const pages = `(SELECT m.group_id, m.crawl_date AS ${ident(ds.config.dateColumn)}, m.channel_id, m.city_id,
        m.product_id, p.brand_id, p.category_id, p.is_competitor, m.blocked
      FROM crawl_missing_pages m
      LEFT JOIN dim_product p ON p.product_id = m.product_id AND p.group_id = m.group_id)`;
    const [row] = await wh.query<{ blocked: number | null; n: number }>(
      `SELECT SUM(f.blocked) AS blocked, COUNT(*) AS n FROM ${pages} f WHERE ${whereClauses(ds, input, q).join(' AND ')}`,
      q.values,
    );
    blocked = Number(row?.blocked ?? 0);
    failed = Number(row?.n ?? 0) - blocked;
  }
  const loaded = Number(loadedRow?.n ?? 0);
  const expected = loaded + blocked + failed;
  const channels = conditions.find((c) => c.dimension === 'channel_id')?.values.map(Number);
  let runs = db
    .withTables<CrawlTables>()
    .selectFrom('crawl_runs')
    .select((eb) => eb.fn.max('finished_at').as('last'))
    .where('group_id', '=', scope.groupId)
    .where('trigger_type', '=', 0)
    .where('rows_loaded', '>', 0);
  if (channels?.length) runs = runs.where('channel_id', 'in', channels);
  const run = await runs.executeTakeFirst();
  const last = run?.last ? new Date(run.last).toISOString() : null;
  return {
    expected,
    loaded,
    blocked,
    failed,
    coverage: expected > 0 ? Math.round((1000 * loaded) / expected) / 10 : null,
    lastLoad: last,
    dataTo: loadedRow?.last ?? null,
    leftOut: scope.conditions
      .filter((c) => !conditions.includes(c))
      .map((c) => ds.dimensions.get(c.dimension)?.label ?? c.dimension),
  };
}
