import type { DemoBrand, DemoProduct } from './model.js';
import { mixSeed } from './prng.js';

/** A uniform number in [0, 1) fixed by an id: lifecycles draw nothing from the day streams. */
const uniform = (seed: number, id: number, salt: number) => mixSeed(mixSeed(seed, id), salt) / 4294967296;

/** Share of the catalogue launched during the history, and share delisted during it. */
const LAUNCH_SHARE = 0.07;
const DELIST_SHARE = 0.04;
/** No launch, delisting or content push in the last days: the recent weeks stay a steady market. */
const QUIET_DAYS = 45;

/**
 * Launches, delistings and own brands' content pushes over a long history (more than QUIET_DAYS
 * plus a month): some products appear part-way (no rows before their launch date), some are
 * delisted everywhere from a date on, and each own brand refreshes its listings' content once.
 * A short history (the tests' few weeks) is left as it was.
 */
export function planLifecycles(
  products: DemoProduct[],
  brands: DemoBrand[],
  dates: readonly string[],
  seed: number,
): void {
  const span = dates.length - QUIET_DAYS;
  if (span < 30) return;
  for (const p of products) {
    const u = uniform(seed, p.productId, 1);
    if (u < LAUNCH_SHARE) p.launchDate = dates[Math.floor((u / LAUNCH_SHARE) * span)]!;
    else if (u < LAUNCH_SHARE + DELIST_SHARE)
      p.delistDate = dates[30 + Math.floor(((u - LAUNCH_SHARE) / DELIST_SHARE) * (span - 30))]!;
  }
  for (const b of brands) {
    if (b.isCompetitor === 0) b.contentPush = dates[Math.floor(uniform(seed, b.brandId, 2) * span)]!;
  }
}
