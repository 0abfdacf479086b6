import { BESTSELLERS_PER_PAGE } from '../../features/crawl/bestsellerRows.js';
import { channelCode } from '../warehouse/buildListings.js';
import { dayNumber } from '../warehouse/calendar.js';
import { createRng } from '../warehouse/prng.js';
import {
  BESTSELLER_DEPTH,
  untrackedBySales,
  untrackedCount,
  untrackedListings,
  type UntrackedListing,
} from '../warehouse/untrackedListings.js';
import type { ShelfPages, ShelfResult } from './marketShelf.js';

/** Brands of the listings a tenant does not track (fictional, like the themes' brands). */
const UNTRACKED_BRANDS = [
  'Daily Basket',
  'Value Pick',
  'Home Select',
  'Desi Pantry',
  'Green Valley',
  'Royal Kitchen',
  'Urban Table',
  'Smart Choice',
  'Kisan Fresh',
  'Metro Select',
  'Sunrise',
  'Everyday Essentials',
];
const PACKS = ['Value Pack', 'Family Pack', 'Combo of 2', 'Classic', 'Regular', 'Jumbo Pack'];
/**
 * How an untracked listing shows on the page: a code of the channel's form that is none of the
 * tenant's (`taken`; a marketplace's codes are unique) and a title of another brand.
 */
export function untrackedEntry(
  o: UntrackedListing,
  channelId: number,
  categoryName: string,
  taken: ReadonlySet<string>,
): { sku: string; name: string } {
  const rng = createRng(o.salt);
  let sku = channelCode(channelId, rng);
  while (taken.has(sku)) sku = channelCode(channelId, rng);
  return { sku, name: `${rng.pick(UNTRACKED_BRANDS)} ${categoryName} ${rng.pick(PACKS)}` };
}

/** One category's list on one channel-day, as the warehouse knows it (the group's entries only). */
export interface TrackedList {
  groupId: number;
  channelId: number;
  categoryId: number;
  date: string;
  /** The category's name: the list's heading and the untracked titles'. */
  title: string;
  /** The group's listings of the category on the channel (how many untracked ones the page holds). */
  trackedListings: number;
  /** The group's entries, each with its rank. */
  entries: readonly ShelfResult[];
}

/**
 * The whole list a marketplace shows, all 50 ranks: the group's entries at their ranks and, at
 * every other rank, the page's untracked listings in the order the generator put them there (the
 * best-selling first: bestsellerDay.ts merges them so), BESTSELLERS_PER_PAGE a page. `taken`:
 * every code the group tracks on the channel, which an untracked listing's code never is.
 */
export function wholeBestsellerList(list: TrackedList, taken: ReadonlySet<string>): ShelfPages {
  const catalogue = untrackedListings(
    list.groupId,
    list.categoryId,
    list.channelId,
    untrackedCount(list.trackedListings),
  );
  const others = untrackedBySales(catalogue, dayNumber(list.date));
  const byRank = new Map(list.entries.map((e) => [e.rank!, e]));
  const used = new Set(taken);
  const pages: ShelfResult[][] = [];
  let other = 0;
  for (let rank = 1; rank <= BESTSELLER_DEPTH; rank++) {
    let entry = byRank.get(rank);
    if (!entry) {
      const shown = untrackedEntry(others[other++]!.listing, list.channelId, list.title, used);
      used.add(shown.sku);
      entry = { ...shown, sponsored: false, rank };
    }
    const page = Math.ceil(rank / BESTSELLERS_PER_PAGE);
    (pages[page - 1] ??= []).push(entry);
  }
  return { title: list.title, pages };
}
