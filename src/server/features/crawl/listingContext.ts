import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import type { CrawlInput } from './crawlTypes.js';

/** What the loader knows about a listing besides its page: catalogue keys and the price rules. */
export interface ListingContext {
  productId: number;
  sku: string;
  brandId: number;
  categoryId: number;
  isCompetitor: number;
  catalogueMrp: number;
  /** The client's price rules for this listing, as the last load recorded them. */
  referencePrice: number | null;
  ruleMin: number | null;
  ruleMax: number | null;
}

export async function loadListingContext(
  wh: Warehouse,
  groupId: number,
  channelId: number,
  date: string,
): Promise<Map<number, ListingContext>> {
  const rows = await wh.query<{
    product_id: number;
    sku: string;
    brand_id: number;
    category_id: number;
    is_competitor: number;
    mrp: number;
    reference_price: number | null;
    rule_min_price: number | null;
    rule_max_price: number | null;
  }>(
    `WITH rules AS (
       SELECT DISTINCT ON (product_id) product_id, reference_price, rule_min_price, rule_max_price
         FROM fact_price WHERE group_id = $1 AND channel_id = $2 AND crawl_date < $3
        ORDER BY product_id, crawl_date DESC)
     SELECT l.product_id, l.channel_sku_code AS sku, p.brand_id, p.category_id, p.is_competitor, p.mrp,
            r.reference_price, r.rule_min_price, r.rule_max_price
       FROM dim_listing l JOIN dim_product p ON p.product_id = l.product_id
       LEFT JOIN rules r ON r.product_id = l.product_id
      WHERE l.group_id = $1 AND l.channel_id = $2`,
    [groupId, channelId, date],
  );
  return new Map(
    rows.map((r) => [
      r.product_id,
      {
        productId: r.product_id,
        sku: r.sku,
        brandId: r.brand_id,
        categoryId: r.category_id,
        isCompetitor: r.is_competitor,
        catalogueMrp: r.mrp,
        referencePrice: r.reference_price,
        ruleMin: r.rule_min_price,
        ruleMax: r.rule_max_price,
      },
    ]),
  );
}

/** A listing in a city, as an earlier run of the same channel-day logged it. */
export interface TrackedPage {
  productId: number;
  cityId: number;
}

/**
 * Listings the group tracks on the channel (dim_listing: the SKU master upload, master/master_data)
 * that no crawl up to `date` has observed yet, each in `cities`: the profile's (`cities`), else
 * those of the channel's latest crawl, else every city. A new marketplace's first crawl reads them.
 */
async function newListingPages(
  wh: Warehouse,
  groupId: number,
  channelId: number,
  date: string,
  cities: readonly number[],
): Promise<{ productId: number; cityId: number; sku: string }[]> {
  const fresh = await wh.query<{ product_id: number; sku: string }>(
    `SELECT l.product_id, l.channel_sku_code AS sku FROM dim_listing l
      WHERE l.group_id = $1 AND l.channel_id = $2
        AND NOT EXISTS (SELECT 1 FROM fact_stock s WHERE s.group_id = $1 AND s.channel_id = $2
                           AND s.product_id = l.product_id AND s.crawl_date <= $3)
      ORDER BY l.product_id`,
    [groupId, channelId, date],
  );
  if (fresh.length === 0) return [];
  let where = [...cities];
  if (where.length === 0)
    where = (
      await wh.query<{ city_id: number }>(
        `SELECT DISTINCT city_id FROM fact_stock WHERE group_id = $1 AND channel_id = $2
            AND crawl_date = (SELECT max(crawl_date) FROM fact_stock WHERE group_id = $1 AND channel_id = $2 AND crawl_date <= $3)`,
        [groupId, channelId, date],
      )
    ).map((c) => Number(c.city_id));
  if (where.length === 0)
    where = (await wh.query<{ city_id: number }>('SELECT city_id FROM dim_city')).map((c) =>
      Number(c.city_id),
    );
  return fresh.flatMap((l) =>
    where.map((cityId) => ({ productId: Number(l.product_id), cityId, sku: l.sku })),
  );
}

/**
 * The pages to crawl: every listing x city tracked at the channel's latest crawl up to `date`,
 * plus `alsoTracked` (the pages an earlier run of this day fetched: a page that failed then left
 * no row in the warehouse, yet is still tracked), plus the listings no crawl has observed yet
 * (newListingPages, in `cities`), addressed through the channel profile's URL template ({sku},
 * {city}).
 */
export async function loadCrawlInputs(
  wh: Warehouse,
  groupId: number,
  channelId: number,
  date: string,
  baseUrl: string,
  urlTemplate: string,
  alsoTracked: readonly TrackedPage[] = [],
  cities: readonly number[] = [],
): Promise<CrawlInput[]> {
  const rows = await wh.query<{ product_id: number; city_id: number; sku: string }>(
    `SELECT s.product_id, s.city_id, l.channel_sku_code AS sku
       FROM fact_stock s JOIN dim_listing l
         ON l.group_id = s.group_id AND l.product_id = s.product_id AND l.channel_id = s.channel_id
      WHERE s.group_id = $1 AND s.channel_id = $2
        AND s.crawl_date = (SELECT max(crawl_date) FROM fact_stock WHERE group_id = $1 AND channel_id = $2 AND crawl_date <= $3)
      ORDER BY s.product_id, s.city_id`,
    [groupId, channelId, date],
  );
  const pages = rows.map((r) => ({ productId: r.product_id, cityId: r.city_id, sku: r.sku }));
  const fresh = await newListingPages(wh, groupId, channelId, date, cities);
  if (fresh.length > 0) {
    pages.push(...fresh);
    pages.sort((a, b) => a.productId - b.productId || a.cityId - b.cityId);
  }
  const seen = new Set(pages.map((p) => `${p.productId}/${p.cityId}`));
  const missing = alsoTracked.filter((t) => !seen.has(`${t.productId}/${t.cityId}`));
  if (missing.length > 0) {
    const listings = await wh.query<{ product_id: number; sku: string }>(
      `SELECT product_id, channel_sku_code AS sku FROM dim_listing WHERE group_id = $1 AND channel_id = $2`,
      [groupId, channelId],
    );
    const skuOf = new Map(listings.map((l) => [l.product_id, l.sku]));
    for (const t of missing) {
      const sku = skuOf.get(t.productId);
      if (sku !== undefined && !seen.has(`${t.productId}/${t.cityId}`)) {
        seen.add(`${t.productId}/${t.cityId}`);
        pages.push({ ...t, sku });
      }
    }
    pages.sort((a, b) => a.productId - b.productId || a.cityId - b.cityId);
  }
  return pages.map((p) => ({
    productId: p.productId,
    cityId: p.cityId,
    url:
      baseUrl + urlTemplate.replace('{sku}', encodeURIComponent(p.sku)).replace('{city}', String(p.cityId)),
  }));
}
