import { dayNumber } from './calendar.js';
import type { MarketDay } from './marketDay.js';
import type { DemoCategory, DemoListing } from './model.js';
import { createRng, mixSeed, type Rng } from './prng.js';
import type { ShelfEntry } from './rankDay.js';
import type { RowSink } from './rowSink.js';

/** The list's depth (the dataset's "top 50"). */
const BESTSELLER_DEPTH = 50;
/**
 * Listings of a category page on a channel the tenant does not track (other brands, private
 * labels, sellers' bundles): 30 plus 1.5 per tracked listing. They take places on the best-seller
 * list, so the page holds more than the top 50 and the tracked listings' ranks and their count
 * on the list move as their sales do against the others'.
 */
const OTHERS_BASE = 30;
const OTHERS_PER_TRACKED = 1.5;
/** Share of a day's units in the sales pace the list ranks by (about a week's memory). */
const PACE_WEIGHT = 0.3;

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

/** Chance that an untracked listing runs a deal in a given week, and what the deal does to its sales. */
const OTHER_DEAL_CHANCE = 0.12;
const DEAL_LIFT = 1.8;

interface OtherListing {
  popularity: number;
  /** A brand gaining or losing ground over months: sales x exp(swing x sin(...)). */
  swing: number;
  period: number;
  phase: number;
  salt: number;
}

/** The untracked listings of one category page: fixed for the tenant, like a catalogue. */
function othersOf(groupId: number, category: DemoCategory, channelId: number, count: number): OtherListing[] {
  const rng = createRng(mixSeed(mixSeed(groupId, category.categoryId), channelId));
  return Array.from({ length: count }, () => ({
    popularity: Math.exp(rng.normal() * 0.8),
    swing: 0.5 * rng.next(),
    period: rng.int(60, 240),
    phase: rng.next(),
    salt: rng.int(0, 2 ** 31),
  }));
}

/** An untracked listing's units on a day: its trend, a deal some weeks, the day's noise. */
function otherUnits(o: OtherListing, day: number, base: number, noise: Rng): number {
  const trend = Math.exp(o.swing * Math.sin(2 * Math.PI * (day / o.period + o.phase)));
  const deal = mixSeed(o.salt, Math.floor(day / 7)) / 4294967296 < OTHER_DEAL_CHANCE ? DEAL_LIFT : 1;
  return o.popularity * base * trend * deal * Math.exp(0.25 * noise.normal());
}

/**
 * fact_bestseller of one category on one channel: the top 50 by sales pace of everything on the
 * page, tracked or not; only the tracked listings are written, at their place on the whole list.
 * The untracked listings sell with the category's season and sale events (MarketDay), gain or
 * lose ground over months and run deals some weeks, with noise from a fork of the day's stream
 * (the parent stream is not advanced, so no other table's rows change).
 */
export function emitBestsellerDay(
  sink: RowSink,
  groupId: number,
  date: string,
  category: DemoCategory,
  entries: readonly ShelfEntry[],
  market: MarketDay,
  rng: Rng,
  keysOf: (e: ShelfEntry) => unknown[],
): void {
  const channel = entries[0]?.listing.channel;
  if (!channel) return;
  const scale = channel.kind === 'Marketplace' ? 30 : 12;
  const demand = market.demand(category, channel);
  const noise = rng.fork(category.categoryId * 100 + channel.channelId);
  const others = othersOf(
    groupId,
    category,
    channel.channelId,
    OTHERS_BASE + Math.round(entries.length * OTHERS_PER_TRACKED),
  );
  const day = dayNumber(date);
  const paces: { entry: ShelfEntry | null; pace: number; id: number }[] = others.map((o, i) => ({
    entry: null,
    pace: otherUnits(o, day, scale * demand, noise),
    id: -i,
  }));
  for (const e of entries) {
    const pace = e.listing.salesPace ?? 0;
    if (pace >= 0.5) paces.push({ entry: e, pace, id: e.listing.product.productId });
  }
  paces
    .sort((a, b) => b.pace - a.pace || a.id - b.id)
    .slice(0, BESTSELLER_DEPTH)
    .forEach(({ entry }, i) => {
      if (entry) sink.push('fact_bestseller', [...keysOf(entry), i + 1]);
    });
}
