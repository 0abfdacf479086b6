/** Channels and cities of the demo: real Indian marketplaces and cities, fictional data. */
export interface DemoChannel {
  channelId: number;
  name: string;
  kind: 'Marketplace' | 'Quick Commerce' | 'E-Grocery';
  /** Multiplier of the base out-of-stock rate: dark stores run out more often. */
  oosFactor: number;
  /** Quick commerce only: share of a city's dark-store footprint this chain runs. */
  storeShare?: number;
  /**
   * Stars a listing here gets above or below the product's usual rating: buyers rate the
   * delivery too, so quick commerce and e-grocery read lower than the big marketplaces.
   */
  ratingShift: number;
}

export interface DemoCity {
  cityId: number;
  name: string;
  zoneId: number;
  /** Multiplier of the base out-of-stock rate (supply chain distance). */
  oosFactor: number;
  /** Served by quick-commerce dark stores. */
  quickCommerce: boolean;
  /** Dark stores of the largest quick-commerce chain in the city (0 where none operate). */
  darkStores: number;
}

export const ZONES: Readonly<Record<number, string>> = { 1: 'North', 2: 'South', 3: 'West', 4: 'East' };

/** Ids 1, 4 and 49 are fixed by the product spec; the rest continue the same lookup table. */
export const DEMO_CHANNELS: readonly DemoChannel[] = [
  { channelId: 1, name: 'Amazon', kind: 'Marketplace', oosFactor: 0.7, ratingShift: 0.12 },
  { channelId: 4, name: 'Flipkart', kind: 'Marketplace', oosFactor: 0.9, ratingShift: -0.05 },
  { channelId: 49, name: 'Big Basket Mobile', kind: 'E-Grocery', oosFactor: 1.2, ratingShift: -0.15 },
  {
    channelId: 61,
    name: 'Blinkit',
    kind: 'Quick Commerce',
    oosFactor: 1.6,
    storeShare: 1,
    ratingShift: -0.3,
  },
  {
    channelId: 62,
    name: 'Zepto',
    kind: 'Quick Commerce',
    oosFactor: 1.8,
    storeShare: 0.8,
    ratingShift: -0.35,
  },
  {
    channelId: 63,
    name: 'Swiggy Instamart',
    kind: 'Quick Commerce',
    oosFactor: 1.7,
    storeShare: 0.7,
    ratingShift: -0.25,
  },
  { channelId: 64, name: 'JioMart', kind: 'E-Grocery', oosFactor: 1.3, ratingShift: -0.2 },
];

/** Ordered so that the first N cities are always a sensible national spread. */
export const DEMO_CITIES: readonly DemoCity[] = [
  { cityId: 1, name: 'Delhi', zoneId: 1, oosFactor: 0.8, quickCommerce: true, darkStores: 60 },
  { cityId: 2, name: 'Mumbai', zoneId: 3, oosFactor: 0.6, quickCommerce: true, darkStores: 55 },
  { cityId: 3, name: 'Bengaluru', zoneId: 2, oosFactor: 0.7, quickCommerce: true, darkStores: 58 },
  { cityId: 4, name: 'Kolkata', zoneId: 4, oosFactor: 1.4, quickCommerce: true, darkStores: 24 },
  { cityId: 5, name: 'Chennai', zoneId: 2, oosFactor: 0.9, quickCommerce: true, darkStores: 30 },
  { cityId: 6, name: 'Hyderabad', zoneId: 2, oosFactor: 0.9, quickCommerce: true, darkStores: 34 },
  { cityId: 7, name: 'Pune', zoneId: 3, oosFactor: 0.8, quickCommerce: true, darkStores: 26 },
  { cityId: 8, name: 'Ahmedabad', zoneId: 3, oosFactor: 1.0, quickCommerce: true, darkStores: 18 },
  { cityId: 9, name: 'Jaipur', zoneId: 1, oosFactor: 1.3, quickCommerce: true, darkStores: 12 },
  { cityId: 10, name: 'Lucknow', zoneId: 1, oosFactor: 1.6, quickCommerce: true, darkStores: 10 },
  { cityId: 11, name: 'Patna', zoneId: 4, oosFactor: 2.6, quickCommerce: false, darkStores: 0 },
  { cityId: 12, name: 'Guwahati', zoneId: 4, oosFactor: 3.0, quickCommerce: false, darkStores: 0 },
  { cityId: 13, name: 'Gurugram', zoneId: 1, oosFactor: 0.7, quickCommerce: true, darkStores: 28 },
  { cityId: 14, name: 'Noida', zoneId: 1, oosFactor: 0.8, quickCommerce: true, darkStores: 22 },
  { cityId: 15, name: 'Kochi', zoneId: 2, oosFactor: 1.5, quickCommerce: true, darkStores: 8 },
  { cityId: 16, name: 'Coimbatore', zoneId: 2, oosFactor: 1.7, quickCommerce: false, darkStores: 0 },
  { cityId: 17, name: 'Surat', zoneId: 3, oosFactor: 1.2, quickCommerce: true, darkStores: 9 },
  { cityId: 18, name: 'Indore', zoneId: 3, oosFactor: 1.8, quickCommerce: false, darkStores: 0 },
  { cityId: 19, name: 'Bhubaneswar', zoneId: 4, oosFactor: 2.2, quickCommerce: false, darkStores: 0 },
  { cityId: 20, name: 'Chandigarh', zoneId: 1, oosFactor: 1.1, quickCommerce: true, darkStores: 8 },
];
