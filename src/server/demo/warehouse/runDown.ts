import type { DemoListing } from './model.js';

/** Dark-store shares of a planted run-down over the demo's last 5 days, oldest first. */
const RUN_DOWN = [1, 0.85, 0.7, 0.5, 0.3];
/** Own quick-commerce listings planted. */
const PLANTED = 3;

/**
 * A planted situation for the stock-out early warning (docs/metrics.md): the first few own
 * quick-commerce listings run down in their first city with dark stores over the last 5 days
 * (100% -> 30% of the stores, about 1.7 days left), so the Early Warning tab's first rows are known
 * (the market's own run-downs, quickStock.ts, fall at their own pace). Null on other days and listings.
 */
export function plantedRunDowns(
  listings: readonly DemoListing[],
  dayIndex: number,
  days: number,
): Map<DemoListing, { cityIndex: number; share: number }> {
  const step = dayIndex - (days - RUN_DOWN.length);
  const planted = new Map<DemoListing, { cityIndex: number; share: number }>();
  if (step < 0) return planted;
  for (const listing of listings) {
    if (planted.size === PLANTED) break;
    if (listing.product.isCompetitor !== 0 || !listing.channel.storeShare) continue;
    const cityIndex = listing.cities.findIndex((c) => c.darkStores > 0);
    if (cityIndex >= 0) planted.set(listing, { cityIndex, share: RUN_DOWN[step]! });
  }
  return planted;
}
