import type { DataModelEntry } from '../../../shared/crawl/modelSchemaRules.js';
import type { Warehouse, WarehouseStatement } from '../../platform/warehouse/warehouse.js';
import { BESTSELLERS_PER_PAGE, type BestsellerPage } from './bestsellerRows.js';
import type { CrawlInput } from './crawlTypes.js';
import type { ChannelProfileRow, CrawlRepo } from './crawlRepo.js';
import { inserts } from '../../platform/warehouse/stagedRows.js';
import { listingSchema } from './listingSchema.js';

/** How a profile's bestseller lists are read: the schema's results and fields, and their address. */
export interface BestsellerReader {
  model: DataModelEntry[];
  items: string;
  template: string;
}

/** The profile's bestseller reader; null when the profile reads no bestseller lists. */
export async function bestsellerReader(
  repo: CrawlRepo,
  profile: ChannelProfileRow,
): Promise<BestsellerReader | null> {
  if (profile.bestseller_schema_id === null || profile.bestseller_url_template === '') return null;
  const schema = await listingSchema(repo, profile.group_id, profile.bestseller_schema_id, 'bestseller');
  return { ...schema, template: profile.bestseller_url_template };
}

function bestsellerInput(url: string, categoryId: number, page: number): CrawlInput {
  return { productId: 0, cityId: 0, url, listing: { kind: 'bestseller', id: categoryId, page } };
}

/**
 * The day's bestseller pages: each category the channel-day has a bestseller list for, with as
 * many pages as its list fills. A day without lists (the generator's latest day: a list comes with
 * the day's sales, a day later) has none.
 */
export async function loadBestsellerInputs(
  wh: Warehouse,
  key: { groupId: number; channelId: number; date: string },
  baseUrl: string,
  template: string,
): Promise<{ inputs: CrawlInput[]; pages: BestsellerPage[] }> {
  const lists = await wh.query<{ category_id: number; last_rank: number }>(
    `SELECT category_id, CAST(max(bestseller_rank) AS INTEGER) AS last_rank FROM fact_bestseller
      WHERE group_id = $1 AND channel_id = $2 AND crawl_date = $3
      GROUP BY category_id ORDER BY category_id`,
    [key.groupId, key.channelId, key.date],
  );
  const pages = lists.flatMap((l) =>
    Array.from({ length: Math.ceil(Number(l.last_rank) / BESTSELLERS_PER_PAGE) }, (_, i) => ({
      categoryId: Number(l.category_id),
      page: i + 1,
    })),
  );
  const url = (p: BestsellerPage) =>
    baseUrl +
    template
      .replace('{category}', encodeURIComponent(String(p.categoryId)))
      .replace('{page}', String(p.page));
  return { inputs: pages.map((p) => bestsellerInput(url(p), p.categoryId, p.page)), pages };
}

/** Bestseller pages an earlier run of the day failed, fetched again at the address it used. */
export function bestsellerRetryInputs(failed: readonly { url: string; id: number; page: number }[]): {
  inputs: CrawlInput[];
  pages: BestsellerPage[];
} {
  return {
    inputs: failed.map((f) => bestsellerInput(f.url, f.id, f.page)),
    pages: failed.map((f) => ({ categoryId: f.id, page: f.page })),
  };
}

/**
 * Statements replacing the channel-day's fact_bestseller with `rows`, or with `only` (a retry)
 * just the ranks of those pages.
 */
export function bestsellerStatements(
  slice: { groupId: number; channelId: number; date: string },
  rows: unknown[][],
  only?: readonly BestsellerPage[],
): WarehouseStatement[] {
  const day = [slice.groupId, slice.channelId, slice.date];
  const where = 'group_id = $1 AND channel_id = $2 AND crawl_date = $3';
  const clear: WarehouseStatement[] = only
    ? only.map((p) => ({
        sql: `DELETE FROM fact_bestseller WHERE ${where} AND category_id = $4 AND bestseller_rank BETWEEN $5 AND $6`,
        params: [
          ...day,
          p.categoryId,
          (p.page - 1) * BESTSELLERS_PER_PAGE + 1,
          p.page * BESTSELLERS_PER_PAGE,
        ],
      }))
    : [{ sql: `DELETE FROM fact_bestseller WHERE ${where}`, params: day }];
  return [...clear, ...inserts('fact_bestseller', rows)];
}
