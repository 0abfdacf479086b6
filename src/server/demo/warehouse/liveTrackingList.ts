import type { DemoListing, GroupModel } from './model.js';
import type { RowSink } from './rowSink.js';

/** Amazon, where the demo's ads run longest and live tracking matters most. */
const CHANNEL = 1;
const LISTINGS = 12;
/** Every third listing of the list goes out of stock in its tracked city on the days with hourly ads. */
const OUT_EVERY = 3;

/** The live-tracking list's listings, most popular first; each is tracked in its first city. */
function trackedListings(model: GroupModel): DemoListing[] {
  return model.listings
    .filter((l) => l.channel.channelId === CHANNEL && l.product.isCompetitor === 0 && l.cities.length > 0)
    .sort((a, b) => b.product.popularity - a.product.popularity || a.product.productId - b.product.productId)
    .slice(0, LISTINGS);
}

/**
 * Tracked listings planted out of stock in their tracked city (city index 0) over the newest
 * `days` days, the days with hourly ad rows per listing (ads/generateAds.ts): the live-tracking
 * tabs then show spend and clicks while out of stock on the demo. Empty on other days.
 */
export function liveTrackedOutages(
  model: GroupModel,
  dayIndex: number,
  dayCount: number,
  days: number,
): ReadonlySet<DemoListing> {
  if (dayIndex < dayCount - days) return new Set();
  return new Set(trackedListings(model).filter((_, i) => i % OUT_EVERY === 1));
}

/**
 * The demo group's live-tracking list (setup_live_tracking): its most popular own listings on
 * Amazon, each checked in the first city it is sold in. No checks yet: those come from the live
 * crawl (crawl type 5), so advertising/live_tracking reads Not Checked until one runs, and the
 * hours stand by the day's crawl (a third of the list out, liveTrackedOutages).
 */
export function writeLiveTrackingList(sink: RowSink, model: GroupModel): void {
  for (const l of trackedListings(model))
    sink.push('setup_live_tracking', [
      model.groupId,
      CHANNEL,
      l.channelSkuCode,
      l.product.productId,
      l.cities[0]!.cityId,
    ]);
}
