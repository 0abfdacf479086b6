import { contentBand, contentCompliance, contentScore } from './contentScore.js';
import { addDays } from './calendar.js';
import type { MarketDay } from './marketDay.js';
import type { DemoListing, DemoSeller } from './model.js';
import { round2 } from '../../features/crawl/priceRules.js';
import type { Rng } from './prng.js';
import { aspectSentiment, reviewBody, reviewerName, reviewTitle } from './reviewText.js';
import { aspectTilt, drawStars } from './reviewStars.js';
import type { RowSink } from './rowSink.js';
import type { ShelfSummary } from './shelfDay.js';

export interface ListingDayContext {
  sink: RowSink;
  groupId: number;
  date: string;
  market: MarketDay;
  weekday: number;
  /** Sales and best sellers lag one day behind the crawl (reports arrive next morning). */
  withSales: boolean;
  /** A brand whose reported sales surge this day (x1.8, no random draw: the rest of the data is as before). */
  surgeBrandId?: number | undefined;
  sellers: ReadonlyMap<number, DemoSeller>;
  nextReviewId: () => number;
  rng: Rng;
}

/** Days an own brand's content refresh lasts, and a listing's daily chance of an update in it. */
const PUSH_DAYS = 21;
const PUSH_CHANCE = 0.06;
/** Daily chance that a listing's content decays (the channel drops images, an A+ page lapses). */
const DECAY_CHANCE = 0.0025;
/** Daily chance that a seller fixes a listing's content on their own. */
const FIX_CHANCE = 0.0018;

/** A content refresh: more images, A+ page, a video, fuller bullets and title. */
function improveContent(listing: DemoListing, rng: Rng): void {
  const c = listing.content;
  c.imageCount = Math.min(10, c.imageCount + rng.int(1, 3));
  c.bulletCount = Math.min(8, c.bulletCount + 1);
  c.titleLength = Math.max(c.titleLength, rng.int(80, 160));
  c.aplus = 1;
  if (rng.chance(0.5)) c.videoCount = Math.max(c.videoCount, 1);
}

/** Content wears: images removed by the channel, an A+ page or a video lapsing, a title cut. */
function decayContent(listing: DemoListing, rng: Rng): void {
  const c = listing.content;
  c.imageCount = Math.max(1, c.imageCount - rng.int(1, 2));
  if (rng.chance(0.4)) c.aplus = 0;
  if (rng.chance(0.3)) c.videoCount = 0;
  if (rng.chance(0.3)) c.titleLength = Math.max(30, c.titleLength - rng.int(20, 60));
}

function driftContent(listing: DemoListing, date: string, rng: Rng): void {
  const push = listing.product.brand.contentPush;
  if (push && push <= date && date < addDays(push, PUSH_DAYS) && rng.chance(PUSH_CHANCE))
    improveContent(listing, rng);
  else if (rng.chance(FIX_CHANCE)) improveContent(listing, rng);
  else if (rng.chance(DECAY_CHANCE * (listing.product.isCompetitor ? 1.5 : 1))) decayContent(listing, rng);
  if (!rng.chance(0.02)) return;
  const c = listing.content;
  switch (rng.int(0, 4)) {
    case 0:
      c.imageCount = Math.min(10, Math.max(1, c.imageCount + rng.pick([-2, -1, 1, 2])));
      break;
    case 1:
      c.aplus = c.aplus ? 0 : 1;
      break;
    case 2:
      c.bulletCount = Math.min(8, Math.max(1, c.bulletCount + rng.pick([-1, 1])));
      break;
    case 3:
      c.titleLength = Math.min(200, Math.max(30, c.titleLength + rng.int(-40, 40)));
      break;
    default:
      c.faqs = c.faqs ? 0 : 1;
  }
}

function emitContent(ctx: ListingDayContext, listing: DemoListing, keys: unknown[]): void {
  driftContent(listing, ctx.date, ctx.rng);
  const c = listing.content;
  const k = contentCompliance(c, listing.avgRating);
  const score = contentScore(c);
  ctx.sink.push('fact_content', [
    ...keys,
    c.imageCount,
    c.videoCount,
    c.bulletCount,
    c.titleLength,
    c.descriptionLength,
    k.images,
    k.videos,
    k.bulletPoints,
    k.description,
    k.aplusContent,
    k.title,
    k.specification,
    k.keywords,
    k.faqs,
    k.rating,
    score,
    contentBand(score),
  ]);
}

function emitReviews(ctx: ListingDayContext, listing: DemoListing, keys: unknown[], onPromo: boolean): void {
  const { rng, sink, groupId, date } = ctx;
  const { product } = listing;
  let lambda = 0.22 * product.popularity * (listing.channel.kind === 'Marketplace' ? 1 : 0.4);
  if (onPromo) lambda *= 1.8;
  // After a festive sale the deliveries get reviewed; a new product's first month draws reviews.
  lambda *= ctx.market.reviewWave;
  if (date < addDays(product.launchDate, 30)) lambda *= 2.5;
  if (rng.chance(0.012)) lambda *= 8; // a burst: a viral post, a campaign, or a bad batch
  const n = rng.poisson(Math.min(lambda, 30));
  let starSum = 0;
  for (let i = 0; i < n; i++) {
    const rating = drawStars(listing.avgRating, rng);
    starSum += rating;
    const reviewId = ctx.nextReviewId();
    const aspects = rng
      .sample(product.category.spec.aspects, rng.int(1, 3))
      .map((a): [string, number] => [a, aspectSentiment(rating, rng, aspectTilt(a))]);
    const where = [reviewId, groupId, date, ...keys.slice(2)];
    sink.push('fact_review', [
      ...where,
      rating,
      reviewTitle(rating, rng),
      reviewBody(product.noun, aspects, rng),
      reviewerName(rng),
      rng.chance(0.8) ? 1 : 0,
      rating >= 4 ? 1 : rating === 3 ? 0 : -1,
    ]);
    for (const [aspect, sentiment] of aspects) sink.push('fact_review_aspect', [...where, aspect, sentiment]);
  }
  const ratings = n + rng.poisson(n * 3 + 0.3 * product.popularity);
  if (n > 0)
    listing.avgRating += ((starSum / n - listing.avgRating) * n) / Math.max(50, listing.ratingCount / 20);
  listing.ratingCount += ratings;
  listing.reviewCount += n;
  sink.push('fact_rating', [...keys, round2(listing.avgRating), listing.ratingCount, listing.reviewCount]);
}

function emitSellers(ctx: ListingDayContext, listing: DemoListing, keys: unknown[], avgPrice: number): void {
  const { rng } = ctx;
  const offers = listing.sellerIds
    .filter((_, i) => i === 0 || rng.chance(0.8))
    .map((id) => ({
      seller: ctx.sellers.get(id)!,
      price: Math.round(avgPrice * (0.95 + rng.next() * 0.13)),
    }));
  // The buy box usually goes to the cheapest authorised offer, sometimes to the cheapest of all.
  const pool = rng.chance(0.85) ? offers.filter((o) => o.seller.isAuth === 1) : offers;
  const winner = (pool.length > 0 ? pool : offers).reduce((a, b) => (b.price < a.price ? b : a));
  for (const o of offers) {
    ctx.sink.push('fact_seller', [
      ...keys,
      o.seller.sellerId,
      o.seller.sellerType,
      o.seller.isAuth,
      o.price,
      o === winner ? 1 : 0,
    ]);
  }
}

/**
 * Expected units of a listing-day: demand x season and sale events x availability x weekday x
 * promotion, with noise.
 */
function unitsSold(
  listing: DemoListing,
  shelf: ShelfSummary,
  market: MarketDay,
  weekday: number,
  rng: Rng,
): number {
  if (shelf.inStockCities === 0) return 0;
  const scale = listing.channel.kind === 'Marketplace' ? 30 : 12;
  const weekend = weekday === 0 || weekday === 6 ? 1.25 : 1;
  const availability = shelf.inStockCities / listing.cities.length;
  const season = market.demand(listing.product.category, listing.channel);
  const demand =
    listing.product.popularity * scale * season * availability * weekend * (shelf.onPromo ? 1.7 : 1);
  return Math.round(demand * Math.exp(0.25 * rng.normal()));
}

/** Content, ratings, reviews, sales and seller offers of one listing on one day; returns units. */
export function emitListingDay(ctx: ListingDayContext, listing: DemoListing, shelf: ShelfSummary): number {
  const { product } = listing;
  const keys = [
    ctx.groupId,
    ctx.date,
    listing.channel.channelId,
    product.productId,
    product.brand.brandId,
    product.category.categoryId,
    product.isCompetitor,
  ];
  if (shelf.listedCities === 0) return 0;
  emitContent(ctx, listing, keys);
  emitReviews(ctx, listing, keys, shelf.onPromo);
  if (shelf.inStockCities > 0) emitSellers(ctx, listing, keys, shelf.avgPrice);
  const units = unitsSold(listing, shelf, ctx.market, ctx.weekday, ctx.rng);
  if (ctx.withSales) {
    // Own products' sales are reported (is_estimate 0), competitors' estimated: a product never
    // has both on one day and channel, so no estimate is superseded (is_superseded 0).
    const isEstimate = product.isCompetitor;
    const sold = ctx.surgeBrandId === product.brand.brandId ? Math.round(units * 1.8) : units;
    ctx.sink.push('fact_sales', [...keys, sold, round2(sold * shelf.avgPrice), isEstimate, 0]);
  }
  return units;
}
