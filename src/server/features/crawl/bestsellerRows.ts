import type { PageOutcome } from './crawlTypes.js';
import type { FieldValue } from './extractFields.js';
import type { ListingContext } from './listingContext.js';

/** Entries a marketplace's bestseller list shows on one page: page 2's first entry is rank 26. */
export const BESTSELLERS_PER_PAGE = 25;

/** A bestseller page to load: its category and page number (the ranks it may show). */
export interface BestsellerPage {
  categoryId: number;
  page: number;
}

export interface BestsellerRows {
  rows: unknown[][];
  rejected: { outcome: PageOutcome; reason: string }[];
}

/**
 * Why a page's entries make no valid bestseller list, naming the first bad entry; null when they
 * do. Each entry needs a listing code and the rank the page shows, within the page's ranks and
 * after the entry before it. Whether the group tracks the listing does not matter here: a list
 * ranks every listing of the category, most of them other sellers' (buildBestsellerRows skips
 * those), so a page of none of the group's listings is still a page of the list.
 */
function checkEntries(items: readonly Record<string, FieldValue>[] | undefined, page: number): string | null {
  if (!items || items.length === 0) return 'no results on the page';
  if (items.length > BESTSELLERS_PER_PAGE) return `more than ${BESTSELLERS_PER_PAGE} results on the page`;
  const first = (page - 1) * BESTSELLERS_PER_PAGE + 1;
  const last = page * BESTSELLERS_PER_PAGE;
  let previous = first - 1;
  for (const [i, item] of items.entries()) {
    const { sku, rank } = item;
    if (typeof sku !== 'string' || sku === '') return `result ${i + 1}: listing code missing`;
    if (typeof rank !== 'number' || !Number.isInteger(rank)) return `result ${i + 1}: rank missing`;
    if (rank < first || rank > last) return `result ${i + 1}: rank ${rank} is not on page ${page}`;
    if (rank <= previous) return `result ${i + 1}: rank ${rank} out of order`;
    previous = rank;
  }
  return null;
}

/**
 * fact_bestseller rows from extracted bestseller pages: each entry of a listing the group tracks
 * on the channel (`bySku`), at the rank its page shows; the other entries are skipped (nothing is
 * stored or counted of them). A page that makes no list (checkEntries) gives no row at all.
 */
export function buildBestsellerRows(
  outcomes: readonly PageOutcome[],
  pages: readonly BestsellerPage[],
  bySku: ReadonlyMap<string, ListingContext>,
  groupId: number,
  channelId: number,
  date: string,
): BestsellerRows {
  const out: BestsellerRows = { rows: [], rejected: [] };
  outcomes.forEach((outcome, i) => {
    if (!outcome.ok) return;
    const reason = checkEntries(outcome.items, pages[i]!.page);
    if (reason !== null) return void out.rejected.push({ outcome, reason });
    for (const item of outcome.items!) {
      const c = bySku.get(item.sku as string);
      if (!c) continue;
      out.rows.push([
        groupId,
        date,
        channelId,
        c.productId,
        c.brandId,
        c.categoryId,
        c.isCompetitor,
        item.rank,
      ]);
    }
  });
  return out;
}
