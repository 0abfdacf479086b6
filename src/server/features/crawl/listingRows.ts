import { rankBucket } from './rankBuckets.js';
import type { PageOutcome } from './crawlTypes.js';
import type { FieldValue } from './extractFields.js';
import type { ListingContext } from './listingContext.js';

/** 1 Search: a keyword's result pages (fact_search); 2 Display: a category's listing (fact_category_rank). */
export type ListingTrigger = 'search' | 'category';

/** Results a marketplace shows on one page: page 2's first result is overall position 21. */
export const RESULTS_PER_PAGE = 20;

/** What a listing page is, besides its results: the keyword or category and the page number. */
export interface ListingPage {
  page: number;
  /** Search: the keyword (dim_keyword). */
  keywordId?: number;
  keywordType?: string;
  searchVolume?: number;
  /** Display: the category. */
  categoryId?: number;
}

export interface ListingRows {
  rows: unknown[][];
  rejected: { outcome: PageOutcome; reason: string }[];
}

const SLOTS = new Set(['organic', 'sponsored']);

/** Why a page's results make no valid listing, naming the first bad result; null when they do. */
function checkResults(
  items: readonly Record<string, FieldValue>[] | undefined,
  bySku: ReadonlyMap<string, ListingContext>,
): string | null {
  if (!items || items.length === 0) return 'no results on the page';
  if (items.length > RESULTS_PER_PAGE) return `more than ${RESULTS_PER_PAGE} results on the page`;
  for (const [i, item] of items.entries()) {
    const sku = item.sku;
    if (typeof sku !== 'string' || sku === '') return `result ${i + 1}: listing code missing`;
    if (!bySku.has(sku)) return `result ${i + 1}: listing ${sku.slice(0, 40)} is not tracked on this channel`;
    if (typeof item.slot_type !== 'string' || !SLOTS.has(item.slot_type))
      return `result ${i + 1}: slot type missing or unknown`;
  }
  return null;
}

/**
 * fact_search (search) or fact_category_rank (display) rows from extracted listing pages, a
 * result's position being its place on the page. A page gives all its results or none.
 */
export function buildListingRows(
  trigger: ListingTrigger,
  outcomes: readonly PageOutcome[],
  pages: readonly ListingPage[],
  bySku: ReadonlyMap<string, ListingContext>,
  groupId: number,
  channelId: number,
  date: string,
): ListingRows {
  const out: ListingRows = { rows: [], rejected: [] };
  outcomes.forEach((outcome, i) => {
    if (!outcome.ok) return;
    const reason = checkResults(outcome.items, bySku);
    if (reason !== null) return void out.rejected.push({ outcome, reason });
    const page = pages[i]!;
    outcome.items!.forEach((item, index) => {
      const c = bySku.get(item.sku as string)!;
      const position = index + 1;
      const overall = (page.page - 1) * RESULTS_PER_PAGE + position;
      const product = [c.productId, c.brandId, c.categoryId, c.isCompetitor];
      out.rows.push(
        trigger === 'search'
          ? [
              groupId,
              date,
              channelId,
              page.keywordId,
              page.keywordType,
              page.page,
              position,
              overall,
              item.slot_type,
              ...product,
              page.searchVolume,
            ]
          : [groupId, date, channelId, ...product, overall, rankBucket(overall), page.page, item.slot_type],
      );
    });
  });
  return out;
}
