import type { DemoListing, PromoPlan } from './model.js';
import type { DemoChannel, DemoCity } from './places.js';
import {
  round2,
  VARIATION_BAND_NAMES,
  variationBand,
  VIOLATION,
  violationType,
} from '../../features/crawl/priceRules.js';
import type { MarketDay } from './marketDay.js';
import type { Rng } from './prng.js';
import type { RowSink } from './rowSink.js';
import { QUICK_START_FACTOR, quickCommerceStatus } from './quickStock.js';
import { FIRST_CRAWL } from '../../platform/warehouse/schema/stockPreviousCrawl.js';
import { LOOKBACK_DAYS } from '../../platform/warehouse/schema/listingWindowUpdate.js';

/** What the other facts of the day need to know about a listing's shelf. */
export interface ShelfSummary {
  listedCities: number;
  inStockCities: number;
  avgPrice: number;
  onPromo: boolean;
}

const OOS_BASE = 0.03;
/** Weekend restocking gaps: Sunday worst, Monday still catching up. */
const WEEKDAY_OOS = [1.7, 1.15, 1, 1, 1, 1, 1.3];
const OOS_PERSIST = 0.55;
/** Chance that a seller keeps an off-rule price (above MRP or under the minimum) another day. */
const HOLD_OFF_RULE_PRICE = 0.75;
const PRICE_MECHANIC_FREE = new Set(['Bank Offer', 'Coupon']);
const OFFER_STATUS = { matched: 0, missing: 1, notMatched: 2, running: 3, otherOffer: 4 } as const;

function nextStatus(prev: number, oosChance: number, rng: Rng): number {
  if (prev === 2) return rng.chance(0.05) ? 1 : 2;
  if (rng.chance(prev === -1 ? 0.004 : 0.0006)) return 2;
  return rng.chance(prev === 0 ? OOS_PERSIST : oosChance) ? 0 : 1;
}

const NO_STORES = { total: 0, inStock: 0, share: null } as const;

/** Chance a day (x the channel's, city's and supply's factors) that many of a city's stores run short. */
const DIP_CHANCE = 0.03;

/**
 * Quick commerce sells from the city's dark stores: a listing in stock is usually short in a few
 * stores at most; now and then (more where supply is thin) in many for a day; and before a
 * stock-out, in more and more stores day after day (`runDown`, quickStock.ts). Other channels have
 * no stores (0, 0, NULL); a delisted listing has no share either.
 */
function darkStoreStock(
  channel: DemoChannel,
  city: DemoCity,
  status: number,
  stress: number,
  runDown: number | null,
  rng: Rng,
): { total: number; inStock: number; share: number | null } {
  if (!channel.storeShare || city.darkStores === 0) return NO_STORES;
  const total = Math.max(1, Math.round(city.darkStores * channel.storeShare));
  if (status === 2) return { total, inStock: 0, share: null };
  if (status === 0) return { total, inStock: 0, share: 0 };
  let short: number;
  if (runDown !== null) short = 1 - Math.min(1, Math.max(0.02, runDown + 0.03 * rng.normal()));
  else if (rng.chance(Math.min(0.5, DIP_CHANCE * channel.oosFactor * city.oosFactor * stress)))
    short = 0.15 + rng.next() * 0.4;
  else short = rng.next() * 0.12;
  const inStock = Math.max(1, total - Math.round(total * short));
  return { total, inStock, share: inStock / total };
}

function activePlan(plans: readonly PromoPlan[], date: string): PromoPlan | undefined {
  return plans.find((p) => p.startDate <= date && date <= p.endDate);
}

/**
 * Demand the shelf cannot keep up with: on festive and sale days stock runs out more often, on
 * the grocery and quick-commerce apps (small stores, daily replenishment) most of all.
 */
function demandPressure(channel: DemoChannel, demand: number): number {
  if (demand <= 1) return 1;
  return 1 + (demand - 1) * (channel.kind === 'Marketplace' ? 0.6 : 1.3);
}

/** fact_stock, fact_price and fact_promo rows of one listing on one day, city by city. */
export function emitShelfDay(
  sink: RowSink,
  groupId: number,
  listing: DemoListing,
  market: MarketDay,
  weekday: number,
  rng: Rng,
  planted: {
    /** A planted dark-store run-down (runDown.ts): this city's share today, no random draw. */
    runDown?: { cityIndex: number; share: number };
    /** A city (index into listing.cities) planted out of stock today (liveTrackingList.ts). */
    outInCity?: number;
  } = {},
): ShelfSummary {
  const date = market.date;
  const { product, channel } = listing;
  const { productId, isCompetitor } = product;
  const brandId = product.brand.brandId;
  const categoryId = product.category.categoryId;
  const channelId = channel.channelId;
  const mrp = product.mrp;
  const reference = Math.round(mrp * (1 - listing.baseDiscount));
  const ruleMin = listing.hasRules ? Math.round(reference * 0.9) : null;
  const ruleMax = listing.hasRules ? mrp : null;
  const plan = activePlan(listing.plans, date);
  const delisted = product.delistDate !== undefined && date >= product.delistDate;
  const pressure = demandPressure(channel, market.demand(product.category, channel));
  // Sale weeks and price wars deepen the everyday discount (sellers fund part of it).
  const everyday = listing.baseDiscount + market.extraDiscount(product.category, channel);
  if (!plan) {
    if (listing.otherOfferDays > 0) listing.otherOfferDays--;
    else if (rng.chance(product.isCompetitor ? 0.03 : 0.01)) listing.otherOfferDays = rng.int(2, 6);
  }
  const otherPct = rng.pick([5, 10, 15, 20]);
  const summary: ShelfSummary = { listedCities: 0, inStockCities: 0, avgPrice: 0, onPromo: false };
  let priceSum = 0;

  listing.cities.forEach((city, ci) => {
    const stress = market.supplyStress(city.cityId, channel);
    const oosChance =
      OOS_BASE * channel.oosFactor * city.oosFactor * WEEKDAY_OOS[weekday]! * stress * pressure;
    const hasStores = !!channel.storeShare && city.darkStores > 0;
    const chance = Math.min(0.6, hasStores ? oosChance * QUICK_START_FACTOR : oosChance);
    const markov = () => nextStatus(listing.lastStatus[ci]!, chance, rng);
    const quick = delisted
      ? { status: 2, runDownShare: null }
      : hasStores
        ? quickCommerceStatus(listing, ci, markov, rng)
        : { status: markov(), runDownShare: null };
    // A planted outage overrides the status only: the day's draws happen as before.
    const status = planted.outInCity === ci && quick.status === 1 ? 0 : quick.status;
    listing.lastStatus[ci] = status;
    const cityId = city.cityId;
    const stores = darkStoreStock(channel, city, status, stress, quick.runDownShare, rng);

    // Day-to-day jitter around the listing's usual discount, never above MRP on its own: going
    // above MRP is a reseller's deliberate price (below), not noise.
    let sellingPrice = Math.min(mrp, Math.round(mrp * (1 - everyday) * (1 + 0.015 * rng.normal())));
    let promoRow: unknown[] | null = null;
    if (plan) {
      const seen = status !== 2 && rng.chance(0.88);
      let offerStatus: number = OFFER_STATUS.missing;
      let observedPrice: number | null = null;
      let observedMechanic: string | null = null;
      if (seen) {
        observedMechanic = plan.mechanic;
        observedPrice = plan.planPrice;
        if (PRICE_MECHANIC_FREE.has(plan.mechanic)) offerStatus = OFFER_STATUS.running;
        else if (rng.chance(0.8)) offerStatus = OFFER_STATUS.matched;
        else {
          offerStatus = OFFER_STATUS.notMatched;
          observedPrice = Math.round(plan.planPrice * (1.04 + rng.next() * 0.1));
        }
        if (offerStatus !== OFFER_STATUS.running) sellingPrice = Math.min(observedPrice, mrp);
      }
      const observedText = seen ? plan.offerText : null;
      promoRow = [
        plan.planId,
        plan.mechanic,
        plan.planPrice,
        observedMechanic,
        observedText,
        observedPrice,
        offerStatus,
      ];
    } else if (listing.otherOfferDays > 0 && status !== 2 && rng.chance(0.85)) {
      const observedPrice = Math.round(mrp * (1 - otherPct / 100));
      sellingPrice = Math.min(sellingPrice, observedPrice);
      promoRow = [
        null,
        null,
        null,
        'Flat Discount',
        `Flat ${otherPct}% off`,
        observedPrice,
        OFFER_STATUS.otherOffer,
      ];
    }
    if (promoRow) {
      summary.onPromo ||= promoRow[6] !== OFFER_STATUS.missing;
      const where = [groupId, date, channelId, cityId, productId, brandId, categoryId, isCompetitor];
      sink.push('fact_promo', [...where, ...promoRow, 'running']);
    }
    // A planted run-down replaces only the stock row (in stock, its share of the stores): every
    // draw above and below happens as before, so the rest of the data is unchanged.
    const run =
      planted.runDown?.cityIndex === ci && status !== 2 && stores.total > 0 ? planted.runDown.share : null;
    const inStores = run === null ? stores.inStock : Math.max(1, Math.round(stores.total * run));
    // Row literals, not spreads: these two tables are most of the rows, and garbage is the cost.
    // Pushed after the promotion so on_promo is known (schema/stockOnPromo.ts: every promo row
    // written here is 'running'); no random draw happens here, so the data is the same as before.
    sink.push('fact_stock', [
      groupId,
      date,
      channelId,
      cityId,
      productId,
      brandId,
      categoryId,
      isCompetitor,
      run === null ? status : 1,
      stores.total,
      inStores,
      run === null ? stores.share : inStores / stores.total,
      promoRow ? 1 : 0,
      listing.lastCrawl[ci] ?? FIRST_CRAWL,
    ]);
    listing.lastCrawl[ci] = date;
    if (status === 2) return;

    // Scarce stock invites resellers above MRP; some sellers undercut the brand's minimum. A
    // seller holds such a price for a few crawls (about 4 on average), as real violators do, so
    // most violations of a day are not new since the last crawl.
    const held = listing.heldPrice[ci]!;
    if (held > 0 && rng.chance(HOLD_OFF_RULE_PRICE)) sellingPrice = held;
    else {
      let offRule = 0;
      if (rng.chance(0.001 * city.oosFactor)) offRule = Math.round(mrp * (1.02 + rng.next() * 0.1));
      else if (rng.chance(0.004)) offRule = Math.round(reference * (0.72 + rng.next() * 0.14));
      listing.heldPrice[ci] = offRule;
      if (offRule > 0) sellingPrice = offRule;
    }
    sellingPrice = Math.max(1, sellingPrice);
    const swung = rng.chance(0.003);
    const variationPct = round2(((sellingPrice - reference) / reference) * 100);
    const band = variationBand(variationPct);
    const violation = violationType(sellingPrice, mrp, ruleMin, ruleMax, swung);
    // Written here, as schema/newViolations.ts would derive it (a violation whose previous
    // observation of the listing in this city was none): the walk knows the previous day, and
    // the window over a year of prices was a tenth of a first start.
    const violating = violation === VIOLATION.satisfied || violation === VIOLATION.na ? 0 : 1;
    // A previous observation counts only within the lookback a load reads (LOOKBACK_DAYS).
    const recent = market.day - listing.lastPriced[ci]! <= LOOKBACK_DAYS;
    const isNew = violating === 1 && !(recent && listing.lastViolating[ci] === 1) ? 1 : 0;
    listing.lastViolating[ci] = violating;
    listing.lastPriced[ci] = market.day;
    sink.push('fact_price', [
      groupId,
      date,
      channelId,
      cityId,
      productId,
      brandId,
      categoryId,
      isCompetitor,
      mrp,
      sellingPrice,
      round2(((mrp - sellingPrice) / mrp) * 100),
      reference,
      ruleMin,
      ruleMax,
      violation,
      sellingPrice > mrp ? 1 : 0,
      variationPct,
      band,
      VARIATION_BAND_NAMES[band - 1],
      isNew,
    ]);
    summary.listedCities++;
    if (status === 1) summary.inStockCities++;
    priceSum += sellingPrice;
  });
  summary.avgPrice = summary.listedCities > 0 ? priceSum / summary.listedCities : 0;
  return summary;
}
