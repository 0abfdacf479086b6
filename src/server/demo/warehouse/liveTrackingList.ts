import type { GroupModel } from './model.js';
import type { RowSink } from './rowSink.js';

/** Amazon, where the demo's ads run longest and live tracking matters most. */
const CHANNEL = 1;
const LISTINGS = 12;

/**
 * The demo group's live-tracking list (setup_live_tracking): its most popular own listings on
 * Amazon, each checked in the first city it is sold in. No checks yet: those come from the live
 * crawl (crawl type 5), so advertising/live_tracking reads Not Checked until one runs.
 */
export function writeLiveTrackingList(sink: RowSink, model: GroupModel): void {
  const listings = model.listings
    .filter((l) => l.channel.channelId === CHANNEL && l.product.isCompetitor === 0 && l.cities.length > 0)
    .sort((a, b) => b.product.popularity - a.product.popularity || a.product.productId - b.product.productId)
    .slice(0, LISTINGS);
  for (const l of listings)
    sink.push('setup_live_tracking', [
      model.groupId,
      CHANNEL,
      l.channelSkuCode,
      l.product.productId,
      l.cities[0]!.cityId,
    ]);
}
