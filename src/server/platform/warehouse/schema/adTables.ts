/**
 * Retail-media (advertising) tables: campaigns, daily and hourly sponsored-ad facts, bid history,
 * display release orders and their daily facts, and the AMS brand mapping. Same rules as the
 * other facts (docs/warehouse.md): group_id on every row, ids unique across tenants, flags
 * SMALLINT 0/1, money DOUBLE PRECISION. The shelf flags of fact_ad_daily are derived after each
 * load from fact_stock / fact_search / fact_price (deriveAdShelfFlags), never by the loader.
 */
export const AD_TABLES_DDL: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS dim_ams_brand (
    group_id INTEGER NOT NULL,
    ams_channel_id INTEGER NOT NULL,
    ms_brand_id INTEGER NOT NULL,
    brand_id INTEGER NOT NULL,
    profile_name VARCHAR NOT NULL,
    is_active SMALLINT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS dim_ad_campaign (
    group_id INTEGER NOT NULL,
    campaign_id INTEGER NOT NULL,
    campaign_name VARCHAR NOT NULL,
    channel_id INTEGER NOT NULL,
    ms_brand_id INTEGER NOT NULL,
    brand_id INTEGER NOT NULL,
    campaign_type VARCHAR NOT NULL,
    targeting VARCHAR NOT NULL,
    daily_budget DOUBLE PRECISION NOT NULL,
    campaign_status VARCHAR NOT NULL,
    start_date DATE NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS dim_ad_group (
    group_id INTEGER NOT NULL,
    ad_group_id INTEGER NOT NULL,
    campaign_id INTEGER NOT NULL,
    ad_group_name VARCHAR NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS fact_ad_daily (
    group_id INTEGER NOT NULL,
    ad_date DATE NOT NULL,
    channel_id INTEGER NOT NULL,
    ms_brand_id INTEGER NOT NULL,
    campaign_id INTEGER NOT NULL,
    campaign_type VARCHAR NOT NULL,
    ad_group_id INTEGER NOT NULL,
    keyword_id INTEGER NOT NULL,
    match_type VARCHAR NOT NULL,
    product_id INTEGER NOT NULL,
    brand_id INTEGER NOT NULL,
    category_id INTEGER NOT NULL,
    is_competitor SMALLINT NOT NULL,
    asin VARCHAR NOT NULL,
    bid DOUBLE PRECISION NOT NULL,
    impressions INTEGER NOT NULL,
    eligible_impressions INTEGER NOT NULL,
    clicks INTEGER NOT NULL,
    spend DOUBLE PRECISION NOT NULL,
    orders INTEGER NOT NULL,
    units INTEGER NOT NULL,
    sales DOUBLE PRECISION NOT NULL,
    listing_oos SMALLINT NOT NULL DEFAULT 0,
    oos_city_share DOUBLE PRECISION NOT NULL DEFAULT 0,
    oos_spend DOUBLE PRECISION NOT NULL DEFAULT 0,
    organic_first_page SMALLINT NOT NULL DEFAULT 0,
    price_violation SMALLINT NOT NULL DEFAULT 0,
    buy_box_lost SMALLINT NOT NULL DEFAULT 0,
    organic_rank SMALLINT NOT NULL DEFAULT 0
  )`,
  `CREATE TABLE IF NOT EXISTS fact_ad_hourly (
    group_id INTEGER NOT NULL,
    ad_date DATE NOT NULL,
    ad_hour SMALLINT NOT NULL,
    channel_id INTEGER NOT NULL,
    ms_brand_id INTEGER NOT NULL,
    campaign_id INTEGER NOT NULL,
    campaign_type VARCHAR NOT NULL,
    brand_id INTEGER NOT NULL,
    impressions INTEGER NOT NULL,
    clicks INTEGER NOT NULL,
    spend DOUBLE PRECISION NOT NULL,
    orders INTEGER NOT NULL,
    sales DOUBLE PRECISION NOT NULL,
    budget_capped SMALLINT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS fact_ad_bid (
    group_id INTEGER NOT NULL,
    change_date DATE NOT NULL,
    change_time VARCHAR NOT NULL,
    channel_id INTEGER NOT NULL,
    ms_brand_id INTEGER NOT NULL,
    campaign_id INTEGER NOT NULL,
    ad_group_id INTEGER NOT NULL,
    keyword_id INTEGER NOT NULL,
    match_type VARCHAR NOT NULL,
    brand_id INTEGER NOT NULL,
    old_bid DOUBLE PRECISION NOT NULL,
    new_bid DOUBLE PRECISION NOT NULL,
    change_pct DOUBLE PRECISION NOT NULL,
    is_raise SMALLINT NOT NULL,
    change_reason VARCHAR NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS dim_display_ro (
    group_id INTEGER NOT NULL,
    ro_id INTEGER NOT NULL,
    ro_number VARCHAR NOT NULL,
    channel_id INTEGER NOT NULL,
    brand_id INTEGER NOT NULL,
    start_date DATE NOT NULL,
    end_date DATE NOT NULL,
    booked_budget DOUBLE PRECISION NOT NULL,
    booked_impressions INTEGER NOT NULL,
    ro_status VARCHAR NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS fact_display_daily (
    group_id INTEGER NOT NULL,
    ad_date DATE NOT NULL,
    channel_id INTEGER NOT NULL,
    ro_id INTEGER NOT NULL,
    campaign_id INTEGER NOT NULL,
    brand_id INTEGER NOT NULL,
    is_competitor SMALLINT NOT NULL,
    placement VARCHAR NOT NULL,
    booked_impressions INTEGER NOT NULL,
    impressions INTEGER NOT NULL,
    viewable_impressions INTEGER NOT NULL,
    clicks INTEGER NOT NULL,
    spend DOUBLE PRECISION NOT NULL,
    orders INTEGER NOT NULL,
    sales DOUBLE PRECISION NOT NULL
  )`,
];

const AD_DATE_COLUMN: Readonly<Record<string, string>> = {
  fact_ad_daily: 'ad_date',
  fact_ad_hourly: 'ad_date',
  fact_ad_bid: 'change_date',
  fact_display_daily: 'ad_date',
};

/** PostgreSQL only, as for the other facts (factTables.ts). */
export const AD_INDEXES_DDL: readonly string[] = Object.entries(AD_DATE_COLUMN).map(
  ([table, dateColumn]) =>
    `CREATE INDEX IF NOT EXISTS ${table}_group_date_idx ON ${table} (group_id, ${dateColumn})`,
);

/**
 * Ad facts next to the sales of the same brands on the channels they advertise on (an AMS
 * profile in dim_ams_brand), one row per ad row or sale row, so TACoS (ad spend / total sales)
 * and the ad share of sales come from sums over one selection of products, channels and days.
 */
export const AD_VIEWS: readonly { name: string; columns: readonly string[]; select: string }[] = [
  {
    name: 'v_ad_sales',
    columns: [
      'group_id',
      'ad_date',
      'channel_id',
      'product_id',
      'brand_id',
      'category_id',
      'is_competitor',
      'impressions',
      'eligible_impressions',
      'clicks',
      'spend',
      'orders',
      'sales',
      'oos_spend',
      'total_sales',
      'row_source',
    ],
    // row_source names the table a row comes from: the two end on different days, and a ratio of
    // one's sum over the other's reads only the days both have (a ratio measure's commonDays).
    select: `SELECT group_id, ad_date, channel_id, product_id, brand_id, category_id, is_competitor,
        impressions, eligible_impressions, clicks, spend, orders, sales, oos_spend,
        CAST(0 AS DOUBLE PRECISION), 'ads'
      FROM fact_ad_daily
      UNION ALL
      SELECT s.group_id, s.sale_date, s.channel_id, s.product_id, s.brand_id, s.category_id,
        s.is_competitor, 0, 0, 0, CAST(0 AS DOUBLE PRECISION), 0, CAST(0 AS DOUBLE PRECISION),
        CAST(0 AS DOUBLE PRECISION), CAST(s.revenue AS DOUBLE PRECISION), 'sales'
      FROM v_sales s
      WHERE EXISTS (SELECT 1 FROM dim_ams_brand b WHERE b.group_id = s.group_id
        AND b.ams_channel_id = s.channel_id AND b.brand_id = s.brand_id)`,
  },
];

export const AD_VIEWS_DDL: readonly string[] = AD_VIEWS.map(
  (v) => `CREATE OR REPLACE VIEW ${v.name} (${v.columns.join(', ')}) AS ${v.select}`,
);
