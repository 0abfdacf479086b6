/**
 * A synthetic 30-product tenant for the action inbox's known answers (tests/api/actionInbox.test.ts):
 * 35 days to `D` of facts under which nothing is wrong (two equal cities in stock, 10 units a day at
 * Rs 100, an authorised buy-box holder, content score 80, no violation), and one product planted per
 * case kind of screens/cases, each with an opportunity computed by hand (EXPECTED).
 */
import { tableColumnInfo } from '../../../src/server/platform/warehouse/schema/tableColumns.js';
import { deleteGroup } from '../../../src/server/demo/warehouse/writeDims.js';
import { addDays } from '../../../src/server/demo/warehouse/calendar.js';
import { RowSink } from '../../../src/server/demo/warehouse/rowSink.js';
import { refreshLostSales } from '../../../src/server/language/measures/lostSalesTable.js';
import type { Warehouse } from '../../../src/server/platform/warehouse/warehouse.js';

export const D = '2026-06-30';
const BASE = 9_100_000;
const BRAND = 91_001;
const CATEGORY = 91_001;
const KEYWORD = 9_100_501;
const CHANNEL = 1;
const AUTH_SELLER = 9_100_901;
const GREY_SELLER = 9_100_902;
export const pid = (n: number) => BASE + n;
const day = (i: number) => addDays(D, -i);

/** The planted products: 1 stock-out, 2 buy box, 3 price + ads, 4 page 1, 6 content, 7 reviews. */
export const PLANTED = {
  stock_out_sales_down: 1,
  buy_box_lost: 2,
  price_violation_ad_spend: 3,
  page1_drop: 4,
  content_drop: 6,
  low_star_reviews: 7,
} as const;

/**
 * The opportunities by hand (docs/metrics.md, Action inbox):
 * - stock-out: city A out on D-1 and D, baseline 10 a day (same weekday, 4 full days), exposure
 *   1/2, Rs 100: 2 x 10 x 0.5 x 100 = 1,000 (units 60 vs 70 the week before: -14.3%).
 * - buy box: an unauthorised seller holds it on D-2..D (3 of 7 days; 100% -> 57% authorised), Rs
 *   1,000 a day over the 28 days before the window: 3 x 1,000 = 3,000.
 * - price violation: Rs 80 under a Rs 90 minimum in city A on D; ads Rs 200 a day D-6..D: 1,400.
 * - page 1: on page 1 for a 3,000-a-month keyword D-6..D-1, page 2 on D: 3,000 x 7/30 x 0.01 x
 *   Rs 100 = 700.
 * - content: the top seller (20 units a day, Rs 2,000) from 80 to 60 on D: 7 x 2,000 x 20/100 = 2,800.
 * - reviews: 4 low-star reviews this week against 1 in each of the 4 weeks before (median 1),
 *   20 reviews in 5 weeks, Rs 7,000 this week: 7,000 x (4 - 1) / 20 = 1,050.
 */
export const EXPECTED: Record<keyof typeof PLANTED, number> = {
  stock_out_sales_down: 1000,
  buy_box_lost: 3000,
  price_violation_ad_spend: 1400,
  page1_drop: 700,
  content_drop: 2800,
  low_star_reviews: 1050,
};

type Values = Record<string, unknown>;

/** A full row in DDL order: the given values, else 0 for numbers and 'x' for text. */
function row(table: string, values: Values): unknown[] {
  return tableColumnInfo(table).map((c) => {
    if (c.name in values) return values[c.name];
    return /CHAR|TEXT/i.test(c.type) ? 'x' : /DATE/i.test(c.type) ? D : 0;
  });
}

export async function plantInboxGroup(wh: Warehouse, groupId: number): Promise<{ cityA: number }> {
  const cities = await wh.query<{ city_id: number }>('SELECT city_id FROM dim_city ORDER BY city_id LIMIT 2');
  const [cityA, cityB] = cities.map((c) => Number(c.city_id)) as [number, number];
  const rows = new Map<string, unknown[][]>();
  const add = (table: string, values: Values) =>
    rows.set(table, [...(rows.get(table) ?? []), row(table, values)]);
  const keys = (n: number) => ({
    group_id: groupId,
    channel_id: CHANNEL,
    product_id: pid(n),
    brand_id: BRAND,
    category_id: CATEGORY,
    is_competitor: 0,
  });

  add('dim_brand', { brand_id: BRAND, group_id: groupId, brand_name: 'Inbox Brand', is_competitor: 0 });
  add('dim_category', {
    category_id: CATEGORY,
    group_id: groupId,
    category_name: 'Inbox',
    label_category_id: CATEGORY,
    label_category_name: 'Inbox',
    rank_threshold: 10,
  });
  add('dim_keyword', {
    keyword_id: KEYWORD,
    group_id: groupId,
    keyword: 'inbox keyword',
    keyword_type: 'generic',
    category_id: CATEGORY,
    search_volume: 3000,
    search_pages: 2,
  });
  add('dim_seller', {
    seller_id: AUTH_SELLER,
    group_id: groupId,
    channel_id: CHANNEL,
    seller_name: 'Brand Store',
    seller_type: 'brand',
    is_auth: 1,
  });
  add('dim_seller', {
    seller_id: GREY_SELLER,
    group_id: groupId,
    channel_id: CHANNEL,
    seller_name: 'Grey Trader',
    seller_type: 'reseller',
    is_auth: 0,
  });
  let reviewId = BASE * 10;
  const review = (n: number, i: number, rating: number) =>
    add('fact_review', {
      ...keys(n),
      review_id: ++reviewId,
      review_date: day(i),
      rating,
      review_title: 't',
      review_text: 't',
      reviewer_name: 'r',
      is_verified: 1,
      sentiment: rating > 3 ? 1 : -1,
    });

  for (let n = 1; n <= 30; n++) {
    add('dim_product', {
      product_id: pid(n),
      group_id: groupId,
      brand_id: BRAND,
      category_id: CATEGORY,
      sku_name: `Inbox SKU ${n}`,
      sku_code: `INB${n}`,
      mrp: 120,
      is_competitor: 0,
      mapping_status: 1,
      launch_date: '2025-01-01',
      product_status: 1,
      detection_status: 6,
    });
    add('dim_listing', {
      group_id: groupId,
      product_id: pid(n),
      channel_id: CHANNEL,
      channel_sku_code: `ASIN${n}`,
      product_url: 'https://example.test',
    });
    for (let i = 0; i <= 34; i++) {
      const date = day(i);
      for (const city of [cityA, cityB]) {
        const out = n === PLANTED.stock_out_sales_down && city === cityA && i <= 1;
        add('fact_stock', {
          ...keys(n),
          crawl_date: date,
          city_id: city,
          stock_status: out ? 0 : 1,
          stores_total: 0,
          stores_in_stock: 0,
          store_share: null,
          on_promo: 0,
          prev_crawl_date: null, // not derived: day shares group by listing
        });
        const violation = n === PLANTED.price_violation_ad_spend && city === cityA && i === 0;
        add('fact_price', {
          ...keys(n),
          crawl_date: date,
          city_id: city,
          mrp: 120,
          selling_price: violation ? 80 : 100,
          discount_pct: 0,
          reference_price: 100,
          rule_min_price: 90,
          rule_max_price: 120,
          violation_type: violation ? 2 : 0,
          is_above_mrp: 0,
          variation_pct: 0,
          variation_band: 0,
          variation_band_name: 'none',
          is_new_violation: violation ? 1 : 0,
        });
      }
      // Sales arrive the morning after: the newest sales day is D-1.
      if (i >= 1) {
        const units =
          n === PLANTED.content_drop
            ? 20
            : n === 25
              ? 1
              : n === PLANTED.stock_out_sales_down && i <= 2
                ? 5
                : 10;
        add('fact_sales', {
          ...keys(n),
          sale_date: date,
          units,
          revenue: units * 100,
          is_estimate: 1,
          is_superseded: 0,
        });
      }
      const grey = n === PLANTED.buy_box_lost && i <= 2;
      add('fact_seller', {
        ...keys(n),
        crawl_date: date,
        seller_id: AUTH_SELLER,
        seller_type: 'brand',
        is_auth: 1,
        seller_price: 100,
        has_buy_box: grey ? 0 : 1,
      });
      if (grey)
        add('fact_seller', {
          ...keys(n),
          crawl_date: date,
          seller_id: GREY_SELLER,
          seller_type: 'reseller',
          is_auth: 0,
          seller_price: 95,
          has_buy_box: 1,
        });
      // Content: the top seller and the smallest seller (not top revenue) both lose 20 points on D.
      const dropped = (n === PLANTED.content_drop || n === 25) && i === 0;
      add('fact_content', {
        ...keys(n),
        crawl_date: date,
        content_score: dropped ? 60 : 80,
        content_band: 'High',
      });
      if (n === PLANTED.page1_drop || n === 5) {
        const off = n === PLANTED.page1_drop && i === 0;
        if (i <= 7)
          add('fact_search', {
            ...keys(n),
            crawl_date: date,
            keyword_id: KEYWORD,
            keyword_type: 'generic',
            page: off ? 2 : 1,
            position: off ? 25 : n - 1,
            overall_position: off ? 25 : n - 1,
            slot_type: 'organic',
            search_volume: 3000,
          });
      }
      // Ads: the violating product and a product in its price rule, Rs 200 a day over the last week.
      if ((n === PLANTED.price_violation_ad_spend || n === 10) && i <= 6)
        add('fact_ad_daily', {
          ...keys(n),
          ad_date: date,
          ms_brand_id: 1,
          campaign_id: 1,
          campaign_type: 'SP',
          ad_group_id: 1,
          keyword_id: KEYWORD,
          match_type: 'exact',
          asin: `ASIN${n}`,
          bid: 5,
          impressions: 1000,
          eligible_impressions: 1000,
          clicks: 40,
          spend: 200,
          orders: 4,
          units: 4,
          sales: 400,
        });
    }
    // Reviews: 12 five-star ones over 5 weeks for the planted product, one low-star a week for
    // product 8 (steady: no case), and 4 low-star ones this week against 1 a week before for 7.
    if (n === PLANTED.low_star_reviews) {
      for (let k = 0; k < 12; k++) review(n, 2 + k * 2, 5);
      for (const i of [1, 1, 2, 3]) review(n, i, i === 1 ? 1 : 2);
      for (const i of [8, 15, 22, 29]) review(n, i, 2);
    }
    if (n === 8) for (const i of [1, 8, 15, 22, 29]) review(n, i, 1);
  }
  await deleteGroup(wh, groupId);
  // The demo generator's bulk path (DuckDB's appender, PostgreSQL's COPY): parameterised INSERTs
  // of these 7,000 rows took 10 s on DuckDB.
  const sink = new RowSink(wh);
  for (const [table, list] of rows) for (const r of list) sink.push(table, r);
  await sink.flush();
  await refreshLostSales(wh, groupId);
  return { cityA };
}
