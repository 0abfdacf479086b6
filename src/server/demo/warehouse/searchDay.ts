import { dayNumber } from './calendar.js';
import type { DemoKeyword } from './model.js';
import type { Rng } from './prng.js';
import type { ShelfEntry } from './rankDay.js';
import type { RowSink } from './rowSink.js';

const PAGE_SLOTS = 20;
/** Where marketplaces put sponsored products on a result page. */
const SPONSORED_POSITIONS: readonly (readonly number[])[] = [
  [1, 2, 7, 8, 15],
  [1, 2, 10],
];

/**
 * Days (counting back from the last crawl) whose search results hold both pages; older days hold
 * page 1 only. Page 2 feeds the rank screens' recent days and the ads' organic rank; over a year of
 * history it was a tenth of the rows of a first start. Covers "Last 3 Months" and its previous period.
 */
export const SEARCH_PAGE_2_DAYS = 190;

/** Days before the last crawl that a newly added keyword has been tracked. */
export const NEW_KEYWORD_DAYS = 5;

/**
 * Brands have good and bad weeks: a slow swing of their search presence (campaigns, listing
 * changes) with a period of 3-7 weeks per brand, so share of search moves from one week to the next.
 */
export function brandMomentum(brandId: number, date: string): number {
  const day = dayNumber(date);
  const period = 21 + ((brandId * 7) % 29);
  const phase = (brandId * 2.399) % (2 * Math.PI);
  return Math.exp(0.5 * Math.sin((2 * Math.PI * day) / period + phase));
}

/**
 * Brands add keywords to tracking over time: every tenth keyword was added NEW_KEYWORD_DAYS
 * before the last crawl, so a period-over-period change has keywords present in one period only.
 */
export function keywordTracked(keyword: DemoKeyword, dayIndex: number, days: number): boolean {
  return keyword.keywordId % 10 !== 7 || dayIndex >= days - NEW_KEYWORD_DAYS;
}

function weightedPick<T>(items: readonly T[], weight: (item: T) => number, rng: Rng): T {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let r = rng.next() * total;
  for (const item of items) {
    r -= weight(item);
    if (r <= 0) return item;
  }
  return items[items.length - 1]!;
}

/** fact_search: the first `pages` result pages (1 or 2) of one keyword on one channel. */
export function emitSearchDay(
  sink: RowSink,
  groupId: number,
  date: string,
  channelId: number,
  keyword: DemoKeyword,
  pool: readonly ShelfEntry[],
  rng: Rng,
  pages = SPONSORED_POSITIONS.length,
): void {
  if (pool.length === 0) return;
  const relevance = (e: ShelfEntry) => (e.listing.product.brand.brandId === keyword.brandId ? 6 : 1);
  const momentum = new Map<number, number>();
  const swing = (e: ShelfEntry) => {
    const brandId = e.listing.product.brand.brandId;
    let m = momentum.get(brandId);
    if (m === undefined) momentum.set(brandId, (m = brandMomentum(brandId, date)));
    return m;
  };
  const organic = pool
    .map((e) => ({
      e,
      score: relevance(e) * swing(e) * e.listing.product.popularity * Math.exp(0.35 * rng.normal()),
    }))
    .sort((a, b) => b.score - a.score)
    .map((x) => x.e);
  const bid = (e: ShelfEntry) => e.listing.product.brand.adIntensity * swing(e) * (relevance(e) > 1 ? 3 : 1);
  let next = 0;
  for (let page = 1; page <= Math.min(pages, SPONSORED_POSITIONS.length) && next < organic.length; page++) {
    const sponsored = new Set(SPONSORED_POSITIONS[page - 1]);
    for (let position = 1; position <= PAGE_SLOTS; position++) {
      let entry: ShelfEntry;
      let slot: string;
      if (sponsored.has(position)) {
        entry = weightedPick(pool, bid, rng);
        slot = 'sponsored';
      } else {
        if (next >= organic.length) break;
        entry = organic[next++]!;
        slot = 'organic';
      }
      const p = entry.listing.product;
      sink.push('fact_search', [
        groupId,
        date,
        channelId,
        keyword.keywordId,
        keyword.keywordType,
        page,
        position,
        (page - 1) * PAGE_SLOTS + position,
        slot,
        p.productId,
        p.brand.brandId,
        p.category.categoryId,
        p.isCompetitor,
        keyword.searchVolume,
      ]);
    }
  }
}
