import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { wholeBestsellerList } from './untrackedEntries.js';

/** One result on a listing page, as the shopper sees it: the listing and whether it is an ad. */
export interface ShelfResult {
  sku: string;
  name: string;
  sponsored: boolean;
  /** A bestseller list's entry: its rank, which the page shows. */
  rank?: number;
}

/** A listing page: one keyword's search results or one category's listing, page by page. */
export interface ShelfPages {
  /** The keyword's text (search) or the category's name (display). */
  title: string;
  /** pages[0] is page 1; each in the order the page shows its results. */
  pages: ShelfResult[][];
}

/** One channel's listing pages on one day, as the fixture server renders them. */
export interface MarketShelf {
  groupId: number;
  channelId: number;
  date: string;
  /** By keyword text (lower case). */
  searches: Map<string, ShelfPages>;
  /** By category id. */
  categories: Map<number, ShelfPages>;
  /** Each category's whole bestseller list, by category id (BESTSELLERS_PER_PAGE a page). */
  bestsellers: Map<number, ShelfPages>;
}

interface ResultRow {
  key: string | number;
  title: string;
  page: number;
  position: number;
  slot_type: string;
  sku: string;
  name: string;
}

/** A bestseller entry of the group's, as fact_bestseller has it. */
type ListRow = Omit<ResultRow, 'page' | 'slot_type'>;

/**
 * Each category's whole bestseller list (untrackedEntries.ts): the group's entries from
 * fact_bestseller, the untracked listings of the page at the other ranks.
 */
function wholeLists(
  day: { groupId: number; channelId: number; date: string },
  rows: readonly ListRow[],
  tracked: readonly { category_id: number; sku: string }[],
): Map<number, ShelfPages> {
  const listingsOf = new Map<number, number>();
  for (const t of tracked) {
    const categoryId = Number(t.category_id);
    listingsOf.set(categoryId, (listingsOf.get(categoryId) ?? 0) + 1);
  }
  const byCategory = new Map<number, { title: string; entries: ShelfResult[] }>();
  for (const r of rows) {
    const categoryId = Number(r.key);
    let list = byCategory.get(categoryId);
    if (!list) byCategory.set(categoryId, (list = { title: r.title, entries: [] }));
    list.entries.push({ sku: r.sku, name: r.name, sponsored: false, rank: r.position });
  }
  const taken = new Set(tracked.map((t) => t.sku));
  return new Map(
    [...byCategory].map(([categoryId, { title, entries }]) => [
      categoryId,
      wholeBestsellerList(
        { ...day, categoryId, title, trackedListings: listingsOf.get(categoryId) ?? 0, entries },
        taken,
      ),
    ]),
  );
}

function group(rows: readonly ResultRow[], keyOf: (r: ResultRow) => string | number) {
  const out = new Map<string | number, ShelfPages>();
  for (const r of rows) {
    const key = keyOf(r);
    let shelf = out.get(key);
    if (!shelf) out.set(key, (shelf = { title: r.title, pages: [] }));
    while (shelf.pages.length < r.page) shelf.pages.push([]);
    shelf.pages[r.page - 1]!.push({
      sku: r.sku,
      name: r.name,
      sponsored: r.slot_type === 'sponsored',
    });
  }
  return out;
}

/**
 * The generator's search results (fact_search), category listings (fact_category_rank) and
 * bestseller lists (fact_bestseller, with the untracked listings between the group's entries) of
 * one channel-day, so the listing pages the fixture serves carry exactly the generator's truth
 * and a crawl of them can be checked field by field.
 */
export async function loadMarketShelf(
  wh: Warehouse,
  groupId: number,
  channelId: number,
  date: string,
): Promise<MarketShelf> {
  const key = [groupId, channelId, date];
  const searches = await wh.query<ResultRow>(
    `SELECT k.keyword AS key, k.keyword AS title, s.page, s.position, s.slot_type, l.channel_sku_code AS sku,
            p.sku_name AS name
       FROM fact_search s
       JOIN dim_keyword k ON k.keyword_id = s.keyword_id
       JOIN dim_listing l ON l.group_id = s.group_id AND l.product_id = s.product_id AND l.channel_id = s.channel_id
       JOIN dim_product p ON p.product_id = s.product_id
      WHERE s.group_id = $1 AND s.channel_id = $2 AND s.crawl_date = $3
      ORDER BY s.keyword_id, s.page, s.position`,
    key,
  );
  const ranks = await wh.query<ResultRow>(
    `SELECT r.category_id AS key, c.category_name AS title, r.page, r.category_rank AS position, r.slot_type,
            l.channel_sku_code AS sku, p.sku_name AS name
       FROM fact_category_rank r
       JOIN dim_category c ON c.category_id = r.category_id
       JOIN dim_listing l ON l.group_id = r.group_id AND l.product_id = r.product_id AND l.channel_id = r.channel_id
       JOIN dim_product p ON p.product_id = r.product_id
      WHERE r.group_id = $1 AND r.channel_id = $2 AND r.crawl_date = $3
      ORDER BY r.category_id, r.category_rank`,
    key,
  );
  const bestsellers = await wh.query<ListRow>(
    `SELECT b.category_id AS key, c.category_name AS title, b.bestseller_rank AS position,
            l.channel_sku_code AS sku, p.sku_name AS name
       FROM fact_bestseller b
       JOIN dim_category c ON c.category_id = b.category_id
       JOIN dim_listing l ON l.group_id = b.group_id AND l.product_id = b.product_id AND l.channel_id = b.channel_id
       JOIN dim_product p ON p.product_id = b.product_id
      WHERE b.group_id = $1 AND b.channel_id = $2 AND b.crawl_date = $3
      ORDER BY b.category_id, b.bestseller_rank`,
    key,
  );
  const tracked = await wh.query<{ category_id: number; sku: string }>(
    `SELECT p.category_id, l.channel_sku_code AS sku
       FROM dim_listing l JOIN dim_product p ON p.product_id = l.product_id
      WHERE l.group_id = $1 AND l.channel_id = $2`,
    [groupId, channelId],
  );
  return {
    groupId,
    channelId,
    date,
    searches: group(searches, (r) => String(r.key).toLowerCase()) as Map<string, ShelfPages>,
    categories: group(ranks, (r) => Number(r.key)) as Map<number, ShelfPages>,
    bestsellers: wholeLists({ groupId, channelId, date }, bestsellers, tracked),
  };
}
