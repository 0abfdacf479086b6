import { describe, expect, it } from 'vitest';
import { mergeByPace } from '../warehouse/bestsellerDay.js';
import { dayNumber } from '../warehouse/calendar.js';
import type { DemoListing } from '../warehouse/model.js';
import type { ShelfEntry } from '../warehouse/rankDay.js';
import {
  untrackedBySales,
  untrackedCount,
  untrackedListings,
  type UntrackedListing,
} from '../warehouse/untrackedListings.js';
import type { ShelfResult } from './marketShelf.js';
import { untrackedEntry, wholeBestsellerList } from './untrackedEntries.js';

const DATE = '2026-03-30';
const TITLE = 'Potato Chips';

/** The generator's list of a page with these tracked paces on Flipkart (channel 4), place by place. */
function generatorList(paces: number[]) {
  const channelId = 4;
  const catalogue = untrackedListings(1, 1001, channelId, untrackedCount(paces.length));
  const own = paces.map((salesPace, i): ShelfEntry => ({
    listing: { salesPace, product: { productId: i } } as DemoListing,
    units: 0,
    inStock: true,
  }));
  const places = mergeByPace(own, untrackedBySales(catalogue, dayNumber(DATE)), 30);
  const entries: ShelfResult[] = [];
  places.forEach((p, i) => {
    if ('listing' in p)
      entries.push({ sku: `OWN${p.listing.product.productId}`, name: 'Own', sponsored: false, rank: i + 1 });
  });
  const list = {
    groupId: 1,
    channelId,
    categoryId: 1001,
    date: DATE,
    title: TITLE,
    trackedListings: paces.length,
  };
  return { places, entries, list: { ...list, entries } };
}

describe("the fixture market's whole bestseller list", () => {
  it('puts the untracked listings between the group’s entries where the generator ranked them', () => {
    const { places, entries, list } = generatorList([90, 80, 60, 45, 40, 30, 25, 20, 12, 8, 4, 2]);
    const taken = new Set(entries.map((e) => e.sku));
    const whole = wholeBestsellerList(list, taken);
    expect(whole.pages.map((p) => p.length)).toEqual([25, 25]);
    const shown = whole.pages.flat();
    expect(shown.map((e) => e.rank)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    for (const e of entries) expect(shown[e.rank! - 1]).toEqual(e);
    const expected = places.map((p, i) =>
      'listing' in p ? entries.find((e) => e.rank === i + 1)!.sku : untrackedEntry(p, 4, TITLE, taken).sku,
    );
    expect(shown.map((e) => e.sku)).toEqual(expected);
    // Untracked: Flipkart codes of their own, another brand's title of the category.
    const others = shown.filter((e) => !taken.has(e.sku));
    expect(others.length).toBeGreaterThan(entries.length);
    expect(new Set(others.map((e) => e.sku)).size).toBe(others.length);
    expect(others.every((e) => /^[A-Z0-9]{16}$/.test(e.sku) && e.name.includes(TITLE))).toBe(true);
  });

  it('shows a list of none of the group’s listings on its first page as a whole page', () => {
    // One tracked listing on the page, selling a little more than the 30th untracked listing.
    const others = untrackedBySales(untrackedListings(1, 1001, 4, untrackedCount(1)), dayNumber(DATE));
    const { entries, list } = generatorList([others[29]!.sales * 30 + 0.01]);
    expect(entries.map((e) => e.rank)).toEqual([30]);
    const whole = wholeBestsellerList(list, new Set(['OWN0']));
    expect(whole.pages.map((p) => p.length)).toEqual([25, 25]);
    expect(whole.pages[0]!.some((e) => e.sku === 'OWN0')).toBe(false);
    expect(whole.pages.flat()[entries[0]!.rank! - 1]).toEqual(entries[0]);
  });

  it('never gives an untracked listing a code the group tracks on the channel', () => {
    const [first] = untrackedListings(1, 1001, 61, 1) as [UntrackedListing];
    const code = untrackedEntry(first, 61, TITLE, new Set()).sku;
    expect(code).toMatch(/^\d{6,7}$/);
    const other = untrackedEntry(first, 61, TITLE, new Set([code])).sku;
    expect(other).not.toBe(code);
    expect(other).toMatch(/^\d{6,7}$/);
  });
});
