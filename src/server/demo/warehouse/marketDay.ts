import { dayNumber } from './calendar.js';
import { eventsOn, reviewWave, type SaleEvent } from './marketCalendar.js';
import type { DemoCategory } from './model.js';
import type { DemoChannel } from './places.js';
import { mixSeed } from './prng.js';
import { citySupplyStress, seasonalDemand } from './seasonality.js';

/** A uniform number in [0, 1) fixed by its keys: spells and wars need no random stream. */
function uniform(seed: number, a: number, b: number, c: number): number {
  return mixSeed(mixSeed(seed, a), mixSeed(b, c)) / 4294967296;
}

/** Chance that a category's shelf on a channel falls into a price war in a given fortnight. */
const PRICE_WAR_CHANCE = 0.05;
/** Chance that a quick-commerce chain's dark stores in a city run short for a week. */
const DARK_STORE_SPELL_CHANCE = 0.03;

/**
 * What the market is like on one day, for every listing: seasonal and festive demand, sale and
 * price-war discounts, supply stress by city and dark store, the review rate. Figures are cached
 * per category and channel (the day's listings ask thousands of times).
 */
export class MarketDay {
  readonly events: readonly SaleEvent[];
  readonly reviewWave: number;
  /** Days since 1970-01-01 (calendar.ts dayNumber). */
  readonly day: number;
  private readonly week: number;
  private readonly fortnight: number;
  private readonly demandCache = new Map<number, number>();
  private readonly discountCache = new Map<number, number>();
  private readonly stressCache = new Map<number, number>();

  constructor(
    readonly date: string,
    private readonly seed: number,
  ) {
    this.events = eventsOn(date);
    this.reviewWave = reviewWave(date);
    this.day = dayNumber(date);
    this.week = Math.floor(this.day / 7);
    this.fortnight = Math.floor(this.day / 14);
  }

  /** Demand multiplier of a category on a channel: season x the sale events running there. */
  demand(category: DemoCategory, channel: DemoChannel): number {
    const key = category.categoryId * 1000 + channel.channelId;
    let value = this.demandCache.get(key);
    if (value === undefined) {
      value = seasonalDemand(category.spec.name, this.date);
      for (const e of this.events) {
        if (e.kinds.includes(channel.kind) && (!e.categories || e.categories.includes(category.spec.name)))
          value *= e.lift;
      }
      // Month-start pay days: households restock staples on the grocery apps.
      if (channel.kind !== 'Marketplace' && Number(this.date.slice(8, 10)) <= 5) value *= 1.08;
      this.demandCache.set(key, value);
    }
    return value;
  }

  /** Extra discount (share of MRP) on a category's shelf of a channel: sales and price wars. */
  extraDiscount(category: DemoCategory, channel: DemoChannel): number {
    const key = category.categoryId * 1000 + channel.channelId;
    let value = this.discountCache.get(key);
    if (value === undefined) {
      value = 0;
      for (const e of this.events) if (e.kinds.includes(channel.kind)) value = Math.max(value, e.discount);
      const war = uniform(this.seed, category.categoryId, channel.channelId, this.fortnight);
      if (war < PRICE_WAR_CHANCE) value += 0.05 + (war / PRICE_WAR_CHANCE) * 0.07;
      this.discountCache.set(key, value);
    }
    return value;
  }

  /**
   * Multiplier of a city's out-of-stock chance on a channel: monsoon and fog spells hit every
   * channel in the city; a dark-store spell (a strike, a flooded store, a supplier missing its
   * slot) hits one quick-commerce chain in one city for a week.
   */
  supplyStress(cityId: number, channel: DemoChannel): number {
    const key = cityId * 1000 + channel.channelId;
    let value = this.stressCache.get(key);
    if (value === undefined) {
      value = citySupplyStress(cityId, this.date, (salt) => uniform(this.seed, salt, 0, this.week));
      if (
        channel.storeShare &&
        uniform(this.seed, cityId, channel.channelId, this.week) < DARK_STORE_SPELL_CHANCE
      )
        value *= 3;
      this.stressCache.set(key, value);
    }
    return value;
  }
}
