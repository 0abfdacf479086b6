import type { DemoChannel, DemoCity } from './places.js';
import type { CategorySpec } from './themes.js';

/** In-memory picture of one tenant's catalogue, from which the daily facts are drawn. */
export interface DemoBrand {
  brandId: number;
  name: string;
  isCompetitor: 0 | 1;
  labelIndex: number;
  /** 0..1: how hard the brand buys sponsored slots and banners. */
  adIntensity: number;
  /**
   * Day-to-day pull on shelves (campaigns, listings work, seasonality), a mean-reverting walk
   * around 0 that scales the brand's ranking scores: what makes category shares move.
   */
  momentum: number;
  /** Own brands: the day a content refresh starts (its listings improve for a few weeks). */
  contentPush?: string;
}

export interface DemoCategory {
  categoryId: number;
  labelCategoryId: number;
  labelName: string;
  labelIndex: number;
  spec: CategorySpec;
}

export interface DemoProduct {
  productId: number;
  brand: DemoBrand;
  category: DemoCategory;
  isCompetitor: 0 | 1;
  skuName: string;
  /** What the product is, e.g. 'Potato Chips' (review wording). */
  noun: string;
  skuCode: string;
  packSize: string;
  mrp: number;
  /** Relative demand, log-normal around 1. */
  popularity: number;
  launchDate: string;
  /** Delisted on every channel from this day on (lifecycle.ts); none for most products. */
  delistDate?: string;
  isFavourite: 0 | 1;
  mappingStatus: number;
}

export interface ContentState {
  imageCount: number;
  videoCount: number;
  bulletCount: number;
  titleLength: number;
  descriptionLength: number;
  aplus: 0 | 1;
  specification: 0 | 1;
  keywords: 0 | 1;
  faqs: 0 | 1;
}

export interface PromoPlan {
  planId: number;
  mechanic: string;
  offerText: string;
  planPrice: number;
  startDate: string;
  endDate: string;
}

export interface DemoListing {
  product: DemoProduct;
  channel: DemoChannel;
  cities: readonly DemoCity[];
  channelSkuCode: string;
  productUrl: string;
  /** Everyday discount off MRP on this channel. */
  baseDiscount: number;
  /** Price rules (own products mostly): min below the reference price, max at MRP. */
  hasRules: boolean;
  plans: readonly PromoPlan[];
  sellerIds: readonly number[];
  /** Mutable day-to-day state. */
  content: ContentState;
  avgRating: number;
  ratingCount: number;
  reviewCount: number;
  /** Per city: previous stock status (1, 0, 2); -1 before the first day. */
  lastStatus: Int8Array;
  /** Per city: the date of its previous stock row (fact_stock.prev_crawl_date); null before the first. */
  lastCrawl: (string | null)[];
  /** Per city: the off-rule selling price a seller is holding (0 = none); such prices persist. */
  heldPrice: Float64Array;
  /** Per city: 1 when its last price observation broke a rule (fact_price.is_new_violation). */
  lastViolating: Uint8Array;
  /** Per city: the day number (marketDay.ts) of its last price observation; -Infinity before the first. */
  lastPriced: Float64Array;
  /** Per city on quick commerce: > 0 days of a dark-store run-down left, < 0 days still out after one (quickStock.ts). */
  spell: Int8Array;
  /** Per city: days of the current run-down (negative when a delivery stops it in time). */
  spellLength: Int8Array;
  /** Days left of a competitor's unplanned offer. */
  otherOfferDays: number;
  /** Recent units a day, as best-seller lists rank by (bestsellerDay.ts); unset before the first day listed. */
  salesPace?: number;
}

export interface DemoKeyword {
  keywordId: number;
  keyword: string;
  keywordType: string;
  category: DemoCategory;
  /** Brand whose products rank first for this keyword (My Brand / Competition Brand terms). */
  brandId: number | null;
  searchVolume: number;
}

export interface DemoSeller {
  sellerId: number;
  channelId: number;
  name: string;
  sellerType: 'Retailer' | 'Marketplace' | 'Brand Store';
  isAuth: 0 | 1;
}

export interface GroupModel {
  groupId: number;
  name: string;
  brands: DemoBrand[];
  categories: DemoCategory[];
  products: DemoProduct[];
  listings: DemoListing[];
  keywords: DemoKeyword[];
  sellers: DemoSeller[];
  competitorPairs: [number, number][];
}
