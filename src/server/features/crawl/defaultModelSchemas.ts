import type { ModelSchema } from '../../../shared/crawl/modelSchemaRules.js';

/**
 * The product-page schemas the demo's channel profiles start with: one for the web channels'
 * HTML (both page layouts, as CSS alternatives) and one for the app channels' JSON.
 */
export const WEB_PRODUCT_SCHEMA: ModelSchema = {
  crawlType: 'product',
  dataModel: [
    { name: 'title', type: 'string', source: '#productTitle, .pdp-title', defaultValue: '' },
    {
      name: 'selling_price',
      type: 'price',
      source: '#corePrice .a-offscreen, .pdp-price',
      defaultValue: null,
    },
    { name: 'mrp', type: 'price', source: '.a-price-mrp, .pdp-mrp', defaultValue: null },
    {
      name: 'stock_status',
      type: 'integer',
      source: '#availability, .pdp-stock',
      defaultValue: null,
      map: { 'In stock': 1, 'Currently out of stock': 0, 'Currently unavailable.': 2 },
    },
    { name: 'stores_total', type: 'integer', source: '.dark-stores-total', defaultValue: 0 },
    { name: 'stores_in_stock', type: 'integer', source: '.dark-stores-in-stock', defaultValue: 0 },
    // Read by the live-tracking crawl (crawl type 5): who holds the buy box.
    {
      name: 'buy_box_seller',
      type: 'string',
      source: '#merchant-info .seller, .pdp-seller b',
      defaultValue: '',
    },
  ],
};

export const APP_PRODUCT_SCHEMA: ModelSchema = {
  crawlType: 'product',
  dataModel: [
    { name: 'title', type: 'string', source: '$..[name,title]', defaultValue: '' },
    { name: 'selling_price', type: 'price', source: '$..[sp,offer_price]', defaultValue: null },
    { name: 'mrp', type: 'price', source: '$..mrp', defaultValue: null },
    {
      name: 'stock_status',
      type: 'integer',
      source: '$..state',
      defaultValue: null,
      map: { AVAILABLE: 1, OUT_OF_STOCK: 0, DELISTED: 2 },
    },
    { name: 'stores_total', type: 'integer', source: '$..[stores,dark_stores].total', defaultValue: 0 },
    { name: 'stores_in_stock', type: 'integer', source: '$..[stores,dark_stores].in_stock', defaultValue: 0 },
    { name: 'buy_box_seller', type: 'string', source: '$..seller_name', defaultValue: '' },
  ],
};

/**
 * Listing pages of the web channels (search results, category listings), both layouts: each
 * result card, its listing code (an attribute), title and whether it is an ad.
 */
export const WEB_LISTING_SCHEMA: ModelSchema = {
  crawlType: 'listing',
  items: '[data-component-type="s-search-result"], .plp-card',
  dataModel: [
    {
      name: 'sku',
      type: 'string',
      source: '[data-asin], [data-id]',
      attribute: 'data-asin, data-id',
      defaultValue: null,
    },
    { name: 'title', type: 'string', source: 'h2 span, .plp-title', defaultValue: '' },
    {
      name: 'slot_type',
      type: 'string',
      source: '.puis-sponsored-label-text, .plp-ad',
      defaultValue: 'organic',
      map: { Sponsored: 'sponsored', Ad: 'sponsored' },
    },
  ],
};

/** Listing answers of the app channels: `products` (classic) or the product grid's `items`. */
export const APP_LISTING_SCHEMA: ModelSchema = {
  crawlType: 'listing',
  items: '$..[products,items][*]',
  dataModel: [
    { name: 'sku', type: 'string', source: '$..[sku,code]', defaultValue: null },
    { name: 'title', type: 'string', source: '$..[name,title]', defaultValue: '' },
    {
      name: 'slot_type',
      type: 'string',
      source: '$..[is_ad,ad_type]',
      defaultValue: 'organic',
      map: { true: 'sponsored', false: 'organic', SPONSORED: 'sponsored' },
    },
  ],
};

/**
 * Bestseller lists of the web channels (a Display run), both layouts: each ranked entry, its
 * listing code (an attribute), its rank badge ('#1', 'No. 1') and title.
 */
export const WEB_BESTSELLER_SCHEMA: ModelSchema = {
  crawlType: 'bestseller',
  items: '.zg-grid-general-faceout, .bs-item',
  dataModel: [
    {
      name: 'sku',
      type: 'string',
      source: '.p13n-sc-uncoverable-faceout, .bs-item',
      attribute: 'id, data-sku',
      defaultValue: null,
    },
    { name: 'rank', type: 'integer', source: '.zg-bdg-text, .bs-rank', defaultValue: null },
    { name: 'title', type: 'string', source: '.p13n-sc-line-clamp, .bs-title', defaultValue: '' },
  ],
};

/** Bestseller answers of the app channels: `items` (classic) or the ranking section's `entries`. */
export const APP_BESTSELLER_SCHEMA: ModelSchema = {
  crawlType: 'bestseller',
  items: '$..[items,entries][*]',
  dataModel: [
    { name: 'sku', type: 'string', source: '$..[sku,code]', defaultValue: null },
    { name: 'rank', type: 'integer', source: '$..[rank,position]', defaultValue: null },
    { name: 'title', type: 'string', source: '$..[name,title]', defaultValue: '' },
  ],
};
