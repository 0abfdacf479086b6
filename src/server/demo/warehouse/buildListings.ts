import { addDays } from './calendar.js';
import { idBase } from './buildCatalog.js';
import type { ContentState, DemoListing, DemoProduct, DemoSeller, PromoPlan } from './model.js';
import type { DemoChannel, DemoCity } from './places.js';
import type { Rng } from './prng.js';

const LISTING_CHANCE: Record<DemoChannel['kind'], number> = {
  Marketplace: 0.92,
  'E-Grocery': 0.75,
  'Quick Commerce': 0.6,
};

const MECHANICS: readonly [string, (pct: number) => string][] = [
  ['Flat Discount', (pct) => `Flat ${pct}% off`],
  ['Buy 1 Get 1', () => 'Buy 1 Get 1 Free'],
  ['Combo Offer', (pct) => `Combo: save ${pct}%`],
  ['Bank Offer', (pct) => `${pct}% instant discount on bank cards`],
  ['Coupon', (pct) => `Apply coupon for ${pct}% off`],
];

const SELLER_NAMES = [
  'RetailNet India',
  'SuperKart Sellers',
  'QuickMart Traders',
  'Sharma Distributors',
  'Gupta Wholesale',
  'Metro Mart Online',
  'Value Bazaar',
];

function citiesFor(channel: DemoChannel, cities: readonly DemoCity[], rng: Rng): DemoCity[] {
  const eligible = channel.kind === 'Quick Commerce' ? cities.filter((c) => c.quickCommerce) : cities;
  const p = channel.kind === 'Marketplace' ? 0.9 : channel.kind === 'E-Grocery' ? 0.7 : 0.8;
  const chosen = eligible.filter(() => rng.chance(p));
  return chosen.length > 0 ? chosen : [rng.pick(eligible.length > 0 ? eligible : cities)];
}

const CODE_CHARACTERS = [...'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'];

/**
 * A listing code in the channel's own form: an ASIN on Amazon, an FSN on Flipkart, a number
 * elsewhere. The fixture market's untracked listings draw theirs here too.
 */
export function channelCode(channelId: number, rng: Rng): string {
  const alnum = (n: number) => Array.from({ length: n }, () => rng.pick(CODE_CHARACTERS)).join('');
  if (channelId === 1) return `B0${alnum(8)}`;
  if (channelId === 4) return alnum(16);
  return String(rng.int(100_000, 9_999_999));
}

function channelSku(channel: DemoChannel, rng: Rng): [string, string] {
  const code = channelCode(channel.channelId, rng);
  if (channel.channelId === 1) return [code, `https://www.amazon.in/dp/${code}`];
  if (channel.channelId === 4) return [code, `https://www.flipkart.com/p/itm?pid=${code}`];
  const host = channel.name.toLowerCase().replace(/[^a-z]/g, '');
  return [code, `https://www.${host}.com/pd/${code}`];
}

function initialContent(product: DemoProduct, rng: Rng): ContentState {
  // Own brands invest in content more than the average competitor listing.
  const care = product.isCompetitor === 0 ? 0.65 : 0.5;
  return {
    imageCount: rng.int(2, 9),
    videoCount: rng.chance(care * 0.6) ? rng.int(1, 2) : 0,
    bulletCount: rng.int(2, 7),
    titleLength: rng.int(35, 190),
    descriptionLength: rng.int(60, 900),
    aplus: rng.chance(care) ? 1 : 0,
    specification: rng.chance(0.8) ? 1 : 0,
    keywords: rng.chance(care + 0.1) ? 1 : 0,
    faqs: rng.chance(0.4) ? 1 : 0,
  };
}

function plansFor(
  product: DemoProduct,
  dates: readonly string[],
  nextPlanId: () => number,
  rng: Rng,
): PromoPlan[] {
  if (product.isCompetitor === 1 || !rng.chance(0.35)) return [];
  const end = dates[dates.length - 1]!;
  return Array.from({ length: rng.int(1, 2) }, () => {
    const startDate = addDays(end, rng.int(-dates.length + 1, 10));
    const [mechanic, text] = rng.pick(MECHANICS);
    const pct = rng.pick([10, 15, 20, 25, 30]);
    return {
      planId: nextPlanId(),
      mechanic,
      offerText: text(pct),
      planPrice: Math.round(product.mrp * (1 - pct / 100)),
      startDate,
      endDate: addDays(startDate, rng.int(3, 14)),
    };
  });
}

/** Sellers of each channel for one tenant: a brand store, retailers and marketplace sellers. */
export function buildSellers(groupId: number, channels: readonly DemoChannel[], rng: Rng): DemoSeller[] {
  let next = idBase.seller(groupId);
  return channels.flatMap((channel) =>
    SELLER_NAMES.slice(0, channel.kind === 'Marketplace' ? 7 : 3).map((name, i): DemoSeller => {
      const sellerType = i === 0 ? 'Brand Store' : i < 3 ? 'Retailer' : 'Marketplace';
      return {
        sellerId: ++next,
        channelId: channel.channelId,
        name: i === 0 ? `${channel.name} Brand Store` : name,
        sellerType,
        isAuth: sellerType !== 'Marketplace' || rng.chance(0.3) ? 1 : 0,
      };
    }),
  );
}

/** Where each SKU is sold: a realistic subset of channel x city, with its price and promo setup. */
export function buildListings(
  groupId: number,
  products: readonly DemoProduct[],
  channels: readonly DemoChannel[],
  cities: readonly DemoCity[],
  sellers: readonly DemoSeller[],
  dates: readonly string[],
  rng: Rng,
): DemoListing[] {
  let planId = idBase.plan(groupId);
  const listings: DemoListing[] = [];
  for (const product of products) {
    let chosen = channels.filter((c) => rng.chance(LISTING_CHANCE[c.kind]));
    if (chosen.length === 0) chosen = [rng.pick(channels)];
    for (const channel of chosen) {
      const listingCities = citiesFor(channel, cities, rng);
      const [channelSkuCode, productUrl] = channelSku(channel, rng);
      const channelSellers = sellers.filter((s) => s.channelId === channel.channelId).map((s) => s.sellerId);
      listings.push({
        product,
        channel,
        cities: listingCities,
        channelSkuCode,
        productUrl,
        baseDiscount: channel.kind === 'Marketplace' ? 0.04 + rng.next() * 0.14 : rng.next() * 0.1,
        hasRules: product.isCompetitor === 0 && rng.chance(0.9),
        plans: plansFor(product, dates, () => ++planId, rng),
        sellerIds: rng.sample(channelSellers, rng.int(1, Math.min(4, channelSellers.length))),
        content: initialContent(product, rng),
        avgRating: Math.min(4.9, Math.max(2.6, 4 + channel.ratingShift + rng.normal() * 0.45)),
        ratingCount: Math.round(product.popularity * rng.int(20, 4000)),
        reviewCount: 0,
        lastStatus: new Int8Array(listingCities.length).fill(-1),
        lastCrawl: listingCities.map(() => null),
        heldPrice: new Float64Array(listingCities.length),
        lastViolating: new Uint8Array(listingCities.length),
        lastPriced: new Float64Array(listingCities.length).fill(-Infinity),
        spell: new Int8Array(listingCities.length),
        spellLength: new Int8Array(listingCities.length),
        otherOfferDays: 0,
      });
    }
  }
  for (const l of listings) l.reviewCount = Math.round(l.ratingCount * 0.18);
  return listings;
}
