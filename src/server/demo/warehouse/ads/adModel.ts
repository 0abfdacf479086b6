import type { DemoBrand, DemoKeyword, DemoListing, GroupModel } from '../model.js';
import type { Rng } from '../prng.js';
import { MARKET_CPC, type MatchType } from './adCurves.js';

/** Channels that sell sponsored search in the demo: Amazon (AMS) and Flipkart Ads. */
export const AD_CHANNEL_IDS: readonly number[] = [1, 4];

/** Id blocks per tenant (as buildCatalog's idBase), so no two groups share an ad id. */
export const adIdBase = {
  msBrand: (groupId: number) => groupId * 1000 + 500,
  campaign: (groupId: number) => groupId * 100_000,
  adGroup: (groupId: number) => groupId * 1_000_000,
  ro: (groupId: number) => groupId * 10_000,
};

export interface AdCampaign {
  campaignId: number;
  name: string;
  channelId: number;
  msBrandId: number;
  brand: DemoBrand;
  type: 'Sponsored Products' | 'Sponsored Brands' | 'Display';
  targeting: 'Auto' | 'Manual';
  /** Set after the first simulated day from the campaign's demand (see generateAds). */
  dailyBudget: number;
  status: 'Enabled' | 'Paused';
  startDate: string;
}

/** One keyword bid on for one product in one ad group: the grain of fact_ad_daily. */
export interface AdTarget {
  campaign: AdCampaign;
  adGroupId: number;
  keyword: DemoKeyword;
  matchType: MatchType;
  listing: DemoListing;
  marketCpc: number;
  bid: number;
  /** Decaying sums of recent spend and sales, what the bid rules read (about a week). */
  recentSpend: number;
  recentSales: number;
}

export interface AdModel {
  brands: { brand: DemoBrand; channelId: number; msBrandId: number }[];
  campaigns: AdCampaign[];
  adGroups: { adGroupId: number; campaignId: number; name: string }[];
  targets: AdTarget[];
}

const MANUAL_MATCHES: readonly MatchType[] = ['Exact', 'Phrase', 'Broad'];

/**
 * Campaign structure a brand team typically runs per channel: one auto campaign over all its
 * products, manual keyword campaigns per category (one match type each) and a Sponsored Brands
 * campaign defending its own brand terms.
 */
export function buildAdModel(model: GroupModel, startDate: string, rng: Rng): AdModel {
  const { groupId } = model;
  const ad: AdModel = { brands: [], campaigns: [], adGroups: [], targets: [] };
  let campaignId = adIdBase.campaign(groupId);
  let adGroupId = adIdBase.adGroup(groupId);
  let msBrandId = adIdBase.msBrand(groupId);
  const keywordsByCategory = new Map<number, DemoKeyword[]>();
  for (const k of model.keywords) {
    const list = keywordsByCategory.get(k.category.categoryId) ?? [];
    list.push(k);
    keywordsByCategory.set(k.category.categoryId, list);
  }
  const ownBrands = model.brands.filter((b) => b.isCompetitor === 0);
  for (const channelId of AD_CHANNEL_IDS) {
    for (const brand of ownBrands) {
      const listings = model.listings.filter(
        (l) => l.channel.channelId === channelId && l.product.brand.brandId === brand.brandId,
      );
      if (listings.length === 0) continue;
      const ms = ++msBrandId;
      ad.brands.push({ brand, channelId, msBrandId: ms });
      const channelName = channelId === 1 ? 'AMZ' : 'FK';
      const campaign = (
        name: string,
        type: AdCampaign['type'],
        targeting: AdCampaign['targeting'],
      ): AdCampaign => {
        const c: AdCampaign = {
          campaignId: ++campaignId,
          name: `${channelName} | ${brand.name} | ${name}`,
          channelId,
          msBrandId: ms,
          brand,
          type,
          targeting,
          dailyBudget: 0,
          status: rng.chance(0.08) ? 'Paused' : 'Enabled',
          startDate,
        };
        ad.campaigns.push(c);
        return c;
      };
      const target = (
        c: AdCampaign,
        group: number,
        keyword: DemoKeyword,
        match: MatchType,
        l: DemoListing,
      ) => {
        const priceLevel = Math.sqrt(l.product.mrp / 100);
        const marketCpc = (MARKET_CPC[keyword.keywordType] ?? 10) * priceLevel * (0.8 + 0.4 * rng.next());
        const bid = Math.round(marketCpc * (0.7 + 0.7 * rng.next()) * 100) / 100;
        ad.targets.push({
          campaign: c,
          adGroupId: group,
          keyword,
          matchType: match,
          listing: l,
          marketCpc,
          bid,
          recentSpend: 0,
          recentSales: 0,
        });
      };
      const adGroup = (c: AdCampaign, name: string): number => {
        ad.adGroups.push({ adGroupId: ++adGroupId, campaignId: c.campaignId, name });
        return adGroupId;
      };
      // Auto: every product, on two of its category's terms the marketplace matched it to.
      const auto = campaign('SP Auto', 'Sponsored Products', 'Auto');
      const autoGroup = adGroup(auto, 'All products');
      for (const l of listings) {
        for (const k of rng.sample(keywordsByCategory.get(l.product.category.categoryId) ?? [], 2)) {
          target(auto, autoGroup, k, 'Auto', l);
        }
      }
      // Manual: per category, the brand's three best-selling products on up to four terms each.
      const byCategory = new Map<number, DemoListing[]>();
      for (const l of listings) {
        const list = byCategory.get(l.product.category.categoryId) ?? [];
        list.push(l);
        byCategory.set(l.product.category.categoryId, list);
      }
      for (const [categoryId, categoryListings] of byCategory) {
        const terms = (keywordsByCategory.get(categoryId) ?? []).filter((k) => k.keywordType !== 'My Brand');
        if (terms.length === 0) continue;
        const match = rng.pick(MANUAL_MATCHES);
        const categoryName = categoryListings[0]!.product.category.spec.name;
        const c = campaign(`SP ${match} | ${categoryName}`, 'Sponsored Products', 'Manual');
        const group = adGroup(c, `${categoryName} ${match}`);
        const top = [...categoryListings]
          .sort((a, b) => b.product.popularity - a.product.popularity)
          .slice(0, 3);
        for (const l of top) for (const k of rng.sample(terms, 4)) target(c, group, k, match, l);
      }
      // Sponsored Brands on the brand's own-name terms: brand defence.
      const brandTerms = model.keywords.filter(
        (k) => k.keywordType === 'My Brand' && k.brandId === brand.brandId,
      );
      if (brandTerms.length > 0) {
        const c = campaign('SB Brand Defence', 'Sponsored Brands', 'Manual');
        const group = adGroup(c, 'Brand terms');
        const hero = [...listings].sort((a, b) => b.product.popularity - a.product.popularity)[0]!;
        for (const k of brandTerms) target(c, group, k, 'Exact', hero);
      }
    }
  }
  return ad;
}
