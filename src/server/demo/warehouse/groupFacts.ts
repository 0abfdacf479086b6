import { idBase } from './buildCatalog.js';
import { weekday } from './calendar.js';
import { emitListingDay } from './listingDay.js';
import { MarketDay } from './marketDay.js';
import type { GroupModel } from './model.js';
import type { Rng } from './prng.js';
import { emitCategoryDay, keysOf, type ShelfEntry } from './rankDay.js';
import { BestsellerLists, nextSalesPace } from './bestsellerDay.js';
import type { RowSink } from './rowSink.js';
import { emitSearchDay, keywordTracked, SEARCH_PAGE_2_DAYS } from './searchDay.js';
import { emitShelfDay } from './shelfDay.js';
import { plantedRunDowns } from './runDown.js';
import { ASIN_HOURLY_DAYS } from './ads/generateAds.js';
import { liveTrackedOutages } from './liveTrackingList.js';

/**
 * Walks the period day by day (state such as stock-outs and ratings carries over), emitting
 * every fact of the tenant and flushing whenever the buffers fill up.
 */
export async function generateGroupFacts(
  sink: RowSink,
  model: GroupModel,
  dates: readonly string[],
  rng: Rng,
): Promise<void> {
  const { groupId } = model;
  const sellers = new Map(model.sellers.map((s) => [s.sellerId, s]));
  let reviewId = idBase.review(groupId);
  // The market's spells and price wars come from this seed; a fork does not advance `rng`.
  const marketSeed = rng.fork(0x5ea5).int(0, 2 ** 31);
  const bestsellers = new BestsellerLists(groupId, model.listings);
  for (const [dayIndex, date] of dates.entries()) {
    const dayRng = rng.fork(dayIndex);
    const day = weekday(date);
    const withSales = dayIndex < dates.length - 1;
    const searchPages = dayIndex >= dates.length - SEARCH_PAGE_2_DAYS ? 2 : 1;
    // A planted surge: the first own brand's sales jump on the newest sales day, so the seeded
    // anomaly rule (units per brand) has something to find (features/alerts/anomalyFinder.ts).
    const surge = dayIndex === dates.length - 2 ? model.brands.find((b) => b.isCompetitor === 0) : undefined;
    const market = new MarketDay(date, marketSeed);
    const ctx = {
      sink,
      groupId,
      date,
      market,
      weekday: day,
      withSales,
      surgeBrandId: surge?.brandId,
      sellers,
      nextReviewId: () => ++reviewId,
      rng: dayRng,
    };
    for (const brand of model.brands) brand.momentum = 0.85 * brand.momentum + 0.15 * dayRng.normal();
    const runDowns = plantedRunDowns(model.listings, dayIndex, dates.length);
    const outages = liveTrackedOutages(model, dayIndex, dates.length, ASIN_HOURLY_DAYS);
    // channel -> category -> listings on the shelf today
    const shelves = new Map<number, Map<number, ShelfEntry[]>>();
    for (const listing of model.listings) {
      if (date < listing.product.launchDate) continue; // not on sale yet (lifecycle.ts)
      const shelf = emitShelfDay(sink, groupId, listing, market, day, dayRng, {
        runDown: runDowns.get(listing),
        outInCity: outages.has(listing) ? 0 : undefined,
      });
      const units = emitListingDay(ctx, listing, shelf);
      if (shelf.listedCities === 0) continue;
      nextSalesPace(listing, units, dayIndex === 0);
      let byCategory = shelves.get(listing.channel.channelId);
      if (!byCategory) shelves.set(listing.channel.channelId, (byCategory = new Map<number, ShelfEntry[]>()));
      const categoryId = listing.product.category.categoryId;
      let entries = byCategory.get(categoryId);
      if (!entries) byCategory.set(categoryId, (entries = []));
      entries.push({ listing, units, inStock: shelf.inStockCities > 0 });
      await sink.flushIfFull();
    }
    for (const [channelId, byCategory] of shelves) {
      for (const category of model.categories) {
        const entries = byCategory.get(category.categoryId) ?? [];
        emitCategoryDay(sink, groupId, date, category, channelId, entries, model.brands, dayRng);
        // Best sellers lag one day behind the crawl, as sales do.
        if (withSales)
          bestsellers.emit(sink, date, category, entries, market, (e) => keysOf(groupId, date, e));
      }
      for (const keyword of model.keywords) {
        if (!keywordTracked(keyword, dayIndex, dates.length)) continue;
        emitSearchDay(
          sink,
          groupId,
          date,
          channelId,
          keyword,
          byCategory.get(keyword.category.categoryId) ?? [],
          dayRng,
          searchPages,
        );
      }
    }
    await sink.flushIfFull();
  }
}
