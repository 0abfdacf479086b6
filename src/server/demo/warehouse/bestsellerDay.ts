import { dayNumber } from './calendar.js';
import type { MarketDay } from './marketDay.js';
import type { DemoCategory, DemoListing } from './model.js';
import type { ShelfEntry } from './rankDay.js';
import type { RowSink } from './rowSink.js';
import {
  BESTSELLER_DEPTH,
  untrackedBySales,
  untrackedCount,
  untrackedListings,
  type UntrackedListing,
} from './untrackedListings.js';

/** Share of a day's units in the sales pace the list ranks by (about a week's memory). */
const PACE_WEIGHT = 0.3;
/** A tracked listing selling less than this a day (on average) is not ranked. */
const MIN_PACE = 0.5;

/**
 * A listing's sales pace after a day: the marketplaces rank best sellers by recent sales, so a
 * stock-out or a promotion moves a listing down or up over days, not at once. A listing first
 * seen part-way through the history (a launch) starts from nothing and climbs.
 */
export function nextSalesPace(listing: DemoListing, units: number, firstDay: boolean): number {
  const pace = listing.salesPace ?? (firstDay ? units : 0);
  listing.salesPace = pace + PACE_WEIGHT * (units - pace);
  return listing.salesPace;
}

/**
 * The places of a list, best first: the tracked entries (sorted by pace) and the untracked
 * listings (by sales: untrackedBySales, x `base` for the category's demand that day) merged by
 * pace, an untracked listing first on a tie; the top BESTSELLER_DEPTH, or all when fewer. The
 * untracked listings keep their own order, so the fixture market can put them back between the
 * tracked entries (fixtureMarket/untrackedEntries.ts).
 */
export function mergeByPace(
  own: readonly ShelfEntry[],
  others: readonly { listing: UntrackedListing; sales: number }[],
  base: number,
): (ShelfEntry | UntrackedListing)[] {
  const places: (ShelfEntry | UntrackedListing)[] = [];
  let next = 0;
  let other = 0;
  while (places.length < BESTSELLER_DEPTH) {
    const e = own[next];
    const o = others[other];
    if (e && (!o || e.listing.salesPace! > o.sales * base)) {
      places.push(e);
      next++;
    } else if (o) {
      places.push(o.listing);
      other++;
    } else break;
  }
  return places;
}

const pageKey = (channelId: number, categoryId: number) => channelId * 1_000_000 + categoryId;

/**
 * One tenant's best-seller lists (fact_bestseller): each category page on each channel holds the
 * tenant's listings and untracked ones (untrackedListings.ts); the list is the top 50 of the
 * whole page by sales pace, and only the tracked listings are written, at their place on it.
 */
export class BestsellerLists {
  private readonly tracked = new Map<number, number>();
  private readonly pages = new Map<number, UntrackedListing[]>();

  constructor(
    private readonly groupId: number,
    listings: readonly DemoListing[],
  ) {
    for (const l of listings) {
      const key = pageKey(l.channel.channelId, l.product.category.categoryId);
      this.tracked.set(key, (this.tracked.get(key) ?? 0) + 1);
    }
  }

  private untrackedOf(channelId: number, categoryId: number): UntrackedListing[] {
    const key = pageKey(channelId, categoryId);
    let page = this.pages.get(key);
    if (!page) {
      const count = untrackedCount(this.tracked.get(key) ?? 0);
      this.pages.set(key, (page = untrackedListings(this.groupId, categoryId, channelId, count)));
    }
    return page;
  }

  /**
   * The day's list of one category on one channel (`entries`: the tenant's listings on the page).
   * The untracked listings sell with the category's season and sale events (MarketDay), their
   * trends and weekly deals; the tracked ones by their pace (nextSalesPace).
   */
  emit(
    sink: RowSink,
    date: string,
    category: DemoCategory,
    entries: readonly ShelfEntry[],
    market: MarketDay,
    keysOf: (e: ShelfEntry) => unknown[],
  ): void {
    const channel = entries[0]?.listing.channel;
    if (!channel) return;
    const base = (channel.kind === 'Marketplace' ? 30 : 12) * market.demand(category, channel);
    const others = untrackedBySales(
      this.untrackedOf(channel.channelId, category.categoryId),
      dayNumber(date),
    );
    const own = entries
      .filter((e) => (e.listing.salesPace ?? 0) >= MIN_PACE)
      .sort(
        (a, b) =>
          b.listing.salesPace! - a.listing.salesPace! ||
          a.listing.product.productId - b.listing.product.productId,
      );
    for (const [i, place] of mergeByPace(own, others, base).entries())
      if ('listing' in place) sink.push('fact_bestseller', [...keysOf(place), i + 1]);
  }
}
