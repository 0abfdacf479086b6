import type { Rng } from '../prng.js';
import type { RowSink } from '../rowSink.js';
import {
  BRAND_TERM_LIFT,
  HOUR_SHARE,
  MATCH_RATES,
  WEEKDAY_FACTOR,
  budgetCutoff,
  impressionShareAt,
} from './adCurves.js';
import type { AdCampaign, AdTarget } from './adModel.js';

/** Share of a keyword's marketplace searches made on each ad channel. */
const CHANNEL_SEARCH_SHARE: Readonly<Record<number, number>> = { 1: 0.55, 4: 0.35 };
/**
 * A tracked keyword stands for its cluster of long-tail variants that broad, phrase and auto
 * targeting also match: searches reaching the ads are this multiple of the head term's volume.
 * Tuned so ad-attributed sales are 10-20% of the own brands' sales on the channel (a typical
 * FMCG share on Amazon India) against the demo's fact_sales.
 */
const LONG_TAIL = 30;

interface TargetDay {
  target: AdTarget;
  eligible: number;
  impressions: number;
  clicks: number;
  spend: number;
  orders: number;
  units: number;
  sales: number;
}

export interface AdDayContext {
  sink: RowSink;
  groupId: number;
  date: string;
  weekday: number;
  /** Hourly rows are written for the last days only (real-time tracking reads today). */
  withHours: boolean;
  /** Hourly rows per advertised listing too (live tracking reads today's). */
  withAsinHours: boolean;
  rng: Rng;
}

/** A target's uncapped day: what its bid would buy if the campaign budget never ran out. */
function demand(t: AdTarget, weekday: number, rng: Rng): TargetDay {
  const rates = MATCH_RATES[t.matchType];
  const lift = BRAND_TERM_LIFT[t.keyword.keywordType] ?? 1;
  const searches =
    ((t.keyword.searchVolume * LONG_TAIL) / 30) *
    WEEKDAY_FACTOR[weekday]! *
    (CHANNEL_SEARCH_SHARE[t.campaign.channelId] ?? 0.3) *
    (0.85 + 0.3 * rng.next());
  const eligible = Math.round(searches * rates.reach);
  const impressions = Math.round(
    eligible * impressionShareAt(t.bid / t.marketCpc) * (0.8 + 0.4 * rng.next()),
  );
  const ctr = rates.ctr * lift * Math.pow(t.listing.product.popularity, 0.25) * (0.7 + 0.6 * rng.next());
  const clicks = rng.poisson(impressions * ctr);
  // Second-price auction: a click costs less than the bid, more so when the bid is far above the market.
  const cpc = Math.min(t.bid, t.marketCpc * (0.75 + 0.35 * rng.next()));
  const spend = Math.round(clicks * cpc * 100) / 100;
  const cvr = rates.cvr * Math.sqrt(lift) * (0.6 + 0.8 * rng.next());
  const orders = Math.min(clicks, rng.poisson(clicks * cvr));
  const units = orders + (orders > 0 ? rng.poisson(orders * 0.15) : 0);
  const price = t.listing.product.mrp * (1 - t.listing.baseDiscount);
  return {
    target: t,
    eligible,
    impressions,
    clicks,
    spend,
    orders,
    units,
    sales: Math.round(units * price * 100) / 100,
  };
}

function scaled(d: TargetDay, share: number): TargetDay {
  if (share >= 1) return d;
  const clicks = Math.round(d.clicks * share);
  const orders = Math.min(clicks, Math.round(d.orders * share));
  const units = Math.round((d.units * orders) / Math.max(1, d.orders));
  return {
    ...d,
    impressions: Math.round(d.impressions * share),
    clicks,
    spend: Math.round(d.spend * share * 100) / 100,
    orders,
    units,
    sales: Math.round(((d.sales * units) / Math.max(1, d.units)) * 100) / 100,
  };
}

type Totals = { impressions: number; clicks: number; spend: number; orders: number; sales: number };

function addTo(totals: Totals, d: TargetDay): void {
  totals.impressions += d.impressions;
  totals.clicks += d.clicks;
  totals.spend += d.spend;
  totals.orders += d.orders;
  totals.sales += d.sales;
}

/**
 * A listing's hours in one campaign: its day split along the campaign's served hours, as the
 * campaign's own hourly rows are, so a listing's hours add up to its daily rows. Hours with no
 * impressions are left out.
 */
function emitAsinHours(
  ctx: AdDayContext,
  campaign: AdCampaign,
  productId: number,
  listing: { asin: string; totals: Totals },
  shares: readonly number[],
): void {
  const t = listing.totals;
  const impressions = splitByHour(t.impressions, shares);
  const clicks = splitByHour(t.clicks, shares);
  const spend = splitByHour(Math.round(t.spend * 100) / 100, shares, true);
  const orders = splitByHour(t.orders, shares);
  const sales = splitByHour(Math.round(t.sales * 100) / 100, shares, true);
  for (let h = 0; h < 24; h++) {
    if (impressions[h] === 0 && spend[h] === 0) continue;
    ctx.sink.push('fact_ad_asin_hourly', [
      ctx.groupId,
      ctx.date,
      h,
      campaign.channelId,
      campaign.campaignId,
      productId,
      listing.asin,
      impressions[h],
      clicks[h],
      spend[h],
      orders[h],
      sales[h],
    ]);
  }
}

/** Splits a whole-number total over hours by cumulative rounding, so the hours add up exactly. */
function splitByHour(total: number, shares: readonly number[], cents = false): number[] {
  const unit = cents ? 100 : 1;
  let cumulative = 0;
  let previous = 0;
  return shares.map((s) => {
    cumulative += s;
    const upTo = Math.round(cumulative * total * unit);
    const value = (upTo - previous) / unit;
    previous = upTo;
    return value;
  });
}

/**
 * One campaign's day: demand per target, the daily budget cutting the day short (in the evening,
 * when most searches happen), daily rows per target and, on recent days, hourly rows per campaign.
 */
export function emitCampaignDay(ctx: AdDayContext, campaign: AdCampaign, targets: readonly AdTarget[]): void {
  const days = targets.map((t) => demand(t, ctx.weekday, ctx.rng));
  const demandSpend = days.reduce((a, d) => a + d.spend, 0);
  if (campaign.dailyBudget === 0) {
    // Budgets are set once, around the first day's demand: some campaigns cap most days, some never.
    campaign.dailyBudget = Math.max(50, Math.round((demandSpend * (0.45 + 0.85 * ctx.rng.next())) / 10) * 10);
  }
  const { served, cappedFrom } = budgetCutoff(demandSpend, campaign.dailyBudget);
  const servedShare = served.reduce((a, s, h) => a + s * HOUR_SHARE[h]!, 0);
  const totals = { impressions: 0, clicks: 0, spend: 0, orders: 0, sales: 0 };
  const perListing = new Map<number, { asin: string; totals: typeof totals }>();
  for (const raw of days) {
    const d = scaled(raw, servedShare);
    const t = d.target;
    const p = t.listing.product;
    ctx.sink.push('fact_ad_daily', [
      ctx.groupId,
      ctx.date,
      campaign.channelId,
      campaign.msBrandId,
      campaign.campaignId,
      campaign.type,
      t.adGroupId,
      t.keyword.keywordId,
      t.matchType,
      p.productId,
      p.brand.brandId,
      p.category.categoryId,
      p.isCompetitor,
      t.listing.channelSkuCode,
      t.bid,
      d.impressions,
      d.eligible,
      d.clicks,
      d.spend,
      d.orders,
      d.units,
      d.sales,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
    ]);
    t.recentSpend = 0.85 * t.recentSpend + d.spend;
    t.recentSales = 0.85 * t.recentSales + d.sales;
    addTo(totals, d);
    if (ctx.withAsinHours) {
      const own = perListing.get(p.productId) ?? {
        asin: t.listing.channelSkuCode,
        totals: { impressions: 0, clicks: 0, spend: 0, orders: 0, sales: 0 },
      };
      addTo(own.totals, d);
      perListing.set(p.productId, own);
    }
  }
  if (!ctx.withHours) return;
  const shares = served.map((s, h) => (servedShare > 0 ? (s * HOUR_SHARE[h]!) / servedShare : 0));
  for (const [productId, listing] of perListing) emitAsinHours(ctx, campaign, productId, listing, shares);
  const impressions = splitByHour(totals.impressions, shares);
  const clicks = splitByHour(totals.clicks, shares);
  const spend = splitByHour(totals.spend, shares, true);
  const orders = splitByHour(totals.orders, shares);
  const sales = splitByHour(totals.sales, shares, true);
  for (let h = 0; h < 24; h++) {
    ctx.sink.push('fact_ad_hourly', [
      ctx.groupId,
      ctx.date,
      h,
      campaign.channelId,
      campaign.msBrandId,
      campaign.campaignId,
      campaign.type,
      campaign.brand.brandId,
      impressions[h],
      clicks[h],
      spend[h],
      orders[h],
      sales[h],
      h >= cappedFrom ? 1 : 0,
    ]);
  }
}
