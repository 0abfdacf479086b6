import { createRng, mixSeed } from './prng.js';

/** A best-seller list's depth (the dataset's "top 50"). */
export const BESTSELLER_DEPTH = 50;
/**
 * Listings of a category page on a channel the tenant does not track (other brands, private
 * labels, sellers' bundles): 30 plus 1.5 per listing the tenant has there, and at least 50, so
 * the list is always the top 50 of a page that holds more (as on a real marketplace). They take
 * places on the list, so the tracked listings' ranks and their count on it move as their sales
 * do against the others'.
 */
const OTHERS_BASE = 30;
const OTHERS_PER_TRACKED = 1.5;
/** Chance that an untracked listing runs a deal in a given week, and what the deal does to its sales. */
const OTHER_DEAL_CHANCE = 0.12;
const DEAL_LIFT = 1.8;

export interface UntrackedListing {
  /** Place in the page's catalogue (0 first). */
  index: number;
  popularity: number;
  /** A brand gaining or losing ground over months: sales x exp(swing x sin(...)). */
  swing: number;
  period: number;
  phase: number;
  /** Seeds its weekly deals and, in the fixture market, its code and title. */
  salt: number;
}

/** How many untracked listings a category page holds, from the tenant's listings there. */
export function untrackedCount(trackedListings: number): number {
  return Math.max(BESTSELLER_DEPTH, OTHERS_BASE + Math.round(trackedListings * OTHERS_PER_TRACKED));
}

/**
 * The untracked listings of one category page on one channel: fixed for the tenant, like a
 * catalogue. A longer catalogue starts with the shorter one (each listing takes the same draws).
 */
export function untrackedListings(
  groupId: number,
  categoryId: number,
  channelId: number,
  count: number,
): UntrackedListing[] {
  const rng = createRng(mixSeed(mixSeed(groupId, categoryId), channelId));
  return Array.from({ length: count }, (_, index) => ({
    index,
    popularity: Math.exp(rng.normal() * 0.8),
    swing: 0.5 * rng.next(),
    period: rng.int(60, 240),
    phase: rng.next(),
    salt: rng.int(0, 2 ** 31),
  }));
}

/**
 * An untracked listing's sales on a day (`day`: days since 1970), before the category's demand
 * and the channel's scale, which move every listing of the page alike: its trend and a deal some
 * weeks. No day-to-day noise, so the fixture market can put the same listings in the same order.
 */
export function untrackedSales(o: UntrackedListing, day: number): number {
  const trend = Math.exp(o.swing * Math.sin(2 * Math.PI * (day / o.period + o.phase)));
  const deal = mixSeed(o.salt, Math.floor(day / 7)) / 4294967296 < OTHER_DEAL_CHANCE ? DEAL_LIFT : 1;
  return o.popularity * trend * deal;
}

/** A page's untracked listings best-selling first on `day` (ties: catalogue order). */
export function untrackedBySales(
  listings: readonly UntrackedListing[],
  day: number,
): { listing: UntrackedListing; sales: number }[] {
  return listings
    .map((listing) => ({ listing, sales: untrackedSales(listing, day) }))
    .sort((a, b) => b.sales - a.sales || a.listing.index - b.listing.index);
}
