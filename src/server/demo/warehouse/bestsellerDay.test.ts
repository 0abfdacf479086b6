import { describe, expect, it } from 'vitest';
import { BestsellerLists, mergeByPace, nextSalesPace } from './bestsellerDay.js';
import { dateRange } from './calendar.js';
import { MarketDay } from './marketDay.js';
import type { DemoCategory, DemoListing } from './model.js';
import { DEMO_CHANNELS } from './places.js';
import type { ShelfEntry } from './rankDay.js';
import type { RowSink } from './rowSink.js';
import { THEMES } from './themes.js';
import { untrackedBySales, untrackedListings } from './untrackedListings.js';

const amazon = DEMO_CHANNELS[0]!;
const category: DemoCategory = {
  categoryId: 1001,
  labelCategoryId: 1901,
  labelName: 'Snacks',
  labelIndex: 0,
  spec: THEMES[0]!.labels[0]!.categories[0]!,
};
/** Only what the best-seller lists read of a listing. */
const listing = (productId: number) =>
  ({ product: { productId, category }, channel: amazon }) as unknown as DemoListing;

/** 42 days of May-June 2026 (no sale events): 20 steady listings and three whose sales change. */
const DAYS = dateRange('2026-06-30', 42);
const LAUNCH = 100;
const STOCK_OUT = 101;
const PROMOTION = 102;
function unitsOf(productId: number, day: number): number | null {
  if (productId === LAUNCH) return day < 10 ? null : 80; // not on sale before day 10
  if (productId === STOCK_OUT) return day >= 20 && day < 28 ? 0 : 50;
  if (productId === PROMOTION) return day >= 30 && day < 37 ? 90 : 25;
  return 10 + 3 * productId;
}

/** Each listing's rank by day (absent: not on the list), from a walk like groupFacts.ts's. */
function walk(): Map<number, (number | undefined)[]> {
  const listings = [...Array.from({ length: 20 }, (_, i) => listing(i)), listing(LAUNCH)];
  listings.push(listing(STOCK_OUT), listing(PROMOTION));
  const lists = new BestsellerLists(1, listings);
  const ranks = new Map<number, (number | undefined)[]>(listings.map((l) => [l.product.productId, []]));
  for (const [day, date] of DAYS.entries()) {
    const rows: unknown[][] = [];
    const sink = { push: (_table: string, row: unknown[]) => rows.push(row) } as unknown as RowSink;
    const entries: ShelfEntry[] = [];
    for (const l of listings) {
      const units = unitsOf(l.product.productId, day);
      if (units === null) continue;
      nextSalesPace(l, units, day === 0);
      entries.push({ listing: l, units, inStock: units > 0 });
    }
    lists.emit(sink, date, category, entries, new MarketDay(date, 5), (e) => [e.listing.product.productId]);
    const byProduct = new Map(rows.map((r) => [r[0] as number, r[1] as number]));
    for (const [productId, history] of ranks) history[day] = byProduct.get(productId);
    const taken = rows.map((r) => r[1] as number);
    expect(new Set(taken).size).toBe(taken.length);
    expect(Math.max(...taken)).toBeLessThanOrEqual(50);
  }
  return ranks;
}

describe('best-seller lists by sales pace among untracked listings', () => {
  const ranks = walk();

  it('leave places to the untracked listings: the tracked ones do not hold ranks 1 to n', () => {
    const onList = [...ranks.values()].map((h) => h[5]).filter((r) => r !== undefined);
    expect(onList.length).toBeGreaterThan(5);
    expect(Math.max(...onList)).toBeGreaterThan(onList.length);
  });

  it('let a launch climb from nothing, a stock-out drop a listing off until its pace is back, a promotion lift it', () => {
    const launch = ranks.get(LAUNCH)!;
    expect(launch.slice(0, 10).every((r) => r === undefined)).toBe(true);
    // About a week's memory: off the list on its first day, then up day by day.
    const climb = launch.slice(11, 16);
    expect(climb.every((r, d) => r !== undefined && (d === 0 || r <= climb[d - 1]!))).toBe(true);
    expect(launch[20]).toBeLessThan(launch[11]! / 2);

    const stockOut = ranks.get(STOCK_OUT)!;
    expect(stockOut[20]).toBeGreaterThan(stockOut[19]!);
    expect(stockOut.slice(23, 30).every((r) => r === undefined)).toBe(true);
    const back = stockOut.slice(31, 36);
    expect(back.every((r, d) => r !== undefined && (d === 0 || r <= back[d - 1]!))).toBe(true);

    const promotion = ranks.get(PROMOTION)!;
    expect(promotion.slice(20, 30).every((r) => r === undefined)).toBe(true);
    expect(promotion[36]).toBeLessThan(10);
    expect(promotion[40] ?? 51).toBeGreaterThan(promotion[36]! + 10);
  });

  it('keep a steady listing moving with the untracked listings’ trends and weekly deals', () => {
    const steady = ranks.get(15)!;
    expect(steady.every((r) => r !== undefined)).toBe(true);
    expect(new Set(steady).size).toBeGreaterThan(2);
  });

  it('merge the untracked listings in their own sales order, the list no deeper than the page', () => {
    const others = untrackedBySales(untrackedListings(1, 1001, 1, 12), 20_600);
    const own = [70, 20, 3].map((pace, i) => {
      const l = listing(i);
      l.salesPace = pace;
      return { listing: l, units: pace, inStock: true };
    });
    const places = mergeByPace(own, others, 30);
    expect(places).toHaveLength(15);
    expect(places.filter((p) => !('listing' in p))).toEqual(others.map((o) => o.listing));
    expect(places.filter((p) => 'listing' in p)).toEqual(own);
  });
});
