import type { DemoListing } from './model.js';
import type { Rng } from './prng.js';

/** Share of quick-commerce stock-outs that come after a run-down of the dark stores. */
const GRADUAL = 0.85;
/** Days a run-down takes, from the first stores emptied to the last. */
const RUN_DOWN_DAYS = [4, 6] as const;
/** Days a listing stays out once its last store is empty: replenishment takes a while. */
const OUT_AFTER_RUN_DOWN = 2;
/** Share of run-downs that a delivery stops just in time: the stores refill instead of emptying. */
const RESCUED = 0.2;
/**
 * The day-by-day chance of a stock-out starting, relative to other channels' (shelfDay.ts): a
 * run-down and the days out after it keep a quick-commerce stock-out longer, so fewer start.
 */
export const QUICK_START_FACTOR = 0.7;

/** Today's stock status of a quick-commerce listing-city, and its dark-store share in a run-down. */
export interface QuickStatus {
  status: number;
  /** Share of the stores still stocked on a run-down day; null on other days. */
  runDownShare: number | null;
}

/**
 * A quick-commerce listing does not vanish from a city's dark stores at once: as stock runs down,
 * store after store empties over several days before the city is out (the stock-out early warning
 * reads that fall). Most stock-outs that the day-by-day chance starts (`markov`) become such a
 * run-down; the rest stay sudden (a recall, a supplier missing its slot). The walk's state per
 * city is in listing.spell: > 0 days of run-down left, < 0 days it stays out afterwards.
 */
export function quickCommerceStatus(
  listing: DemoListing,
  ci: number,
  markov: () => number,
  rng: Rng,
): QuickStatus {
  const spell = listing.spell[ci]!;
  if (spell < 0) {
    listing.spell[ci] = spell + 1;
    return { status: 0, runDownShare: null };
  }
  if (spell > 0) {
    const left = spell - 1;
    const length = listing.spellLength[ci]!; // negative: this run-down is rescued
    if (left > 0) {
      listing.spell[ci] = left;
      return { status: 1, runDownShare: left / (Math.abs(length) + 1) };
    }
    if (length < 0) {
      listing.spell[ci] = 0;
      return { status: 1, runDownShare: null };
    }
    listing.spell[ci] = 1 - OUT_AFTER_RUN_DOWN;
    return { status: 0, runDownShare: null };
  }
  const prev = listing.lastStatus[ci]!;
  const status = markov();
  if (status !== 0 || prev !== 1 || !rng.chance(GRADUAL)) return { status, runDownShare: null };
  const days = rng.int(RUN_DOWN_DAYS[0], RUN_DOWN_DAYS[1]);
  listing.spell[ci] = days;
  listing.spellLength[ci] = rng.chance(RESCUED) ? -days : days;
  return { status: 1, runDownShare: days / (days + 1) };
}
