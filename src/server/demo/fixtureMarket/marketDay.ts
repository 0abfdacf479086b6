import type { Warehouse } from '../../platform/warehouse/warehouse.js';

/** What one listing shows in one city on the day: the generator's truth for its page. */
export interface CityShelf {
  cityId: number;
  stockStatus: number;
  storesTotal: number;
  storesInStock: number;
  /** Absent for a delisted listing (the generator writes no price row then). */
  mrp: number | null;
  sellingPrice: number | null;
}

export interface MarketListing {
  productId: number;
  sku: string;
  name: string;
  /** Who holds the buy box that day (the page's "Sold by"); null when no seller holds it. */
  buyBoxSeller: string | null;
  cities: Map<number, CityShelf>;
}

/** One channel's marketplace on one day, as the fixture server renders it. */
export interface MarketDay {
  groupId: number;
  channelId: number;
  date: string;
  listings: Map<string, MarketListing>;
}

interface TruthRow {
  product_id: number;
  sku: string;
  name: string;
  city_id: number;
  stock_status: number;
  stores_total: number;
  stores_in_stock: number;
  mrp: number | null;
  selling_price: number | null;
}

/**
 * Reads the day the demo generator wrote for one channel (fact_stock joined to fact_price and
 * the channel's listing codes), so the pages the fixture serves carry exactly the generator's
 * truth and a crawl of them can be checked field by field.
 */
export async function loadMarketDay(
  wh: Warehouse,
  groupId: number,
  channelId: number,
  date: string,
): Promise<MarketDay> {
  const rows = await wh.query<TruthRow>(
    `SELECT s.product_id, l.channel_sku_code AS sku, p.sku_name AS name, s.city_id, s.stock_status,
            s.stores_total, s.stores_in_stock, f.mrp, f.selling_price
       FROM fact_stock s
       JOIN dim_listing l ON l.group_id = s.group_id AND l.product_id = s.product_id AND l.channel_id = s.channel_id
       JOIN dim_product p ON p.product_id = s.product_id
       LEFT JOIN fact_price f ON f.group_id = s.group_id AND f.crawl_date = s.crawl_date
        AND f.channel_id = s.channel_id AND f.city_id = s.city_id AND f.product_id = s.product_id
      WHERE s.group_id = $1 AND s.channel_id = $2 AND s.crawl_date = $3`,
    [groupId, channelId, date],
  );
  const sellers = await loadBuyBoxSellers(wh, groupId, channelId, date);
  const listings = new Map<string, MarketListing>();
  for (const r of rows) {
    let listing = listings.get(r.sku);
    if (!listing) {
      listing = {
        productId: r.product_id,
        sku: r.sku,
        name: r.name,
        buyBoxSeller: sellers.get(r.product_id) ?? null,
        cities: new Map(),
      };
      listings.set(r.sku, listing);
    }
    listing.cities.set(r.city_id, {
      cityId: r.city_id,
      stockStatus: r.stock_status,
      storesTotal: r.stores_total,
      storesInStock: r.stores_in_stock,
      mrp: r.mrp,
      sellingPrice: r.selling_price,
    });
  }
  return { groupId, channelId, date, listings };
}

/** The seller holding each product's buy box on the day (fact_seller), by product. */
async function loadBuyBoxSellers(
  wh: Warehouse,
  groupId: number,
  channelId: number,
  date: string,
): Promise<Map<number, string>> {
  const rows = await wh.query<{ product_id: number; seller_name: string }>(
    `SELECT f.product_id, MIN(s.seller_name) AS seller_name
       FROM fact_seller f JOIN dim_seller s ON s.seller_id = f.seller_id
      WHERE f.group_id = $1 AND f.channel_id = $2 AND f.crawl_date = $3 AND f.has_buy_box = 1
      GROUP BY f.product_id`,
    [groupId, channelId, date],
  );
  return new Map(rows.map((r) => [r.product_id, r.seller_name]));
}
