import type { WarehouseView } from './views.js';

/**
 * Live Tracking (crawl type 5): the listings a group watches hour by hour (uploaded on
 * tracking/livetracking), each live check of them (one row per listing, city and hour: a second
 * check in the same hour replaces the first), and ad spend per advertised listing and hour, which
 * advertising/live_tracking sets next to the checks.
 */
export const LIVE_TRACKING_TABLES_DDL: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS setup_live_tracking (
    group_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    asin VARCHAR NOT NULL,
    product_id INTEGER NOT NULL,
    city_id INTEGER NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS fact_live_check (
    group_id INTEGER NOT NULL,
    check_date DATE NOT NULL,
    check_hour SMALLINT NOT NULL,
    check_time VARCHAR NOT NULL,
    run_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    product_id INTEGER NOT NULL,
    city_id INTEGER NOT NULL,
    stock_status SMALLINT NOT NULL,
    selling_price DOUBLE PRECISION,
    mrp DOUBLE PRECISION,
    buy_box_own SMALLINT
  )`,
  `CREATE TABLE IF NOT EXISTS fact_ad_asin_hourly (
    group_id INTEGER NOT NULL,
    ad_date DATE NOT NULL,
    ad_hour SMALLINT NOT NULL,
    channel_id INTEGER NOT NULL,
    campaign_id INTEGER NOT NULL,
    product_id INTEGER NOT NULL,
    asin VARCHAR NOT NULL,
    impressions INTEGER NOT NULL,
    clicks INTEGER NOT NULL,
    spend DOUBLE PRECISION NOT NULL,
    orders INTEGER NOT NULL,
    sales DOUBLE PRECISION NOT NULL
  )`,
];

/** PostgreSQL only, as for the other facts (factTables.ts). */
export const LIVE_TRACKING_INDEXES_DDL: readonly string[] = [
  'CREATE INDEX IF NOT EXISTS fact_live_check_group_date_idx ON fact_live_check (group_id, check_date)',
  'CREATE INDEX IF NOT EXISTS fact_ad_asin_hourly_group_date_idx ON fact_ad_asin_hourly (group_id, ad_date)',
];

const STATUS_LABEL = (s: string) =>
  `CASE ${s} WHEN 1 THEN 'In Stock' WHEN 0 THEN 'Out Of Stock' WHEN 2 THEN 'Unavailable' ELSE 'Not Checked' END`;
const BUY_BOX_LABEL = (b: string, s: string) =>
  `CASE WHEN ${s} IS NULL THEN 'Not Checked' WHEN ${b} = 1 THEN 'Ours' WHEN ${b} = 0 THEN 'Another Seller' ELSE 'No Buy Box' END`;

// Checks ranked per listing-city: the latest of all (the list) and of each day, with the hour the
// next check of the day takes over (a check stands for its hour and the hours after it until then).
const RANKED_CHECKS = `SELECT c.*,
    LEAD(c.check_hour) OVER (PARTITION BY c.group_id, c.channel_id, c.product_id, c.city_id, c.check_date ORDER BY c.check_hour) AS next_hour,
    ROW_NUMBER() OVER (PARTITION BY c.group_id, c.channel_id, c.product_id, c.city_id, c.check_date ORDER BY c.check_hour DESC) AS day_rank,
    ROW_NUMBER() OVER (PARTITION BY c.group_id, c.channel_id, c.product_id, c.city_id ORDER BY c.check_date DESC, c.check_hour DESC) AS ever_rank
  FROM fact_live_check c`;

export const LIVE_TRACKING_VIEWS: readonly WarehouseView[] = [
  {
    // The list with each listing's latest check (any day): tracking/livetracking's grid.
    name: 'v_live_tracking_list',
    columns: [
      'group_id',
      'channel_id',
      'asin',
      'product_id',
      'city_id',
      'last_check_date',
      'last_check_time',
      'last_status',
      'last_price',
      'last_mrp',
      'last_buy_box',
      'checks',
    ],
    select: `SELECT t.group_id, t.channel_id, t.asin, t.product_id, t.city_id,
        c.check_date, c.check_time, ${STATUS_LABEL('c.stock_status')}, c.selling_price, c.mrp,
        ${BUY_BOX_LABEL('c.buy_box_own', 'c.stock_status')},
        (SELECT COUNT(*) FROM fact_live_check n WHERE n.group_id = t.group_id AND n.channel_id = t.channel_id
            AND n.product_id = t.product_id AND n.city_id = t.city_id)
      FROM setup_live_tracking t
      LEFT JOIN (${RANKED_CHECKS}) c ON c.group_id = t.group_id AND c.channel_id = t.channel_id
        AND c.product_id = t.product_id AND c.city_id = t.city_id AND c.ever_rank = 1`,
  },
  {
    // One row per tracked listing and hour of a day that has ad activity or a check: the hour's ad
    // spend and clicks (all campaigns), the status that stood in that hour (the latest live check at
    // or before it that day, else the day's crawl of the listing in its city) and where it came from,
    // and the day's latest check (else the day's crawl).
    name: 'v_live_ad_hourly',
    columns: [
      'group_id',
      'ad_date',
      'ad_hour',
      'channel_id',
      'asin',
      'product_id',
      'city_id',
      'impressions',
      'clicks',
      'spend',
      'sales',
      'hour_status',
      'oos_at_hour',
      'live_status',
      'live_price',
      'live_buy_box',
      'live_check_time',
      // Added after the others: PostgreSQL's CREATE OR REPLACE VIEW only adds columns at the end,
      // so an upgraded warehouse keeps its view (tests/api/upgrade.test.ts).
      'status_source',
    ],
    select: `WITH ad AS (
        SELECT group_id, ad_date, ad_hour, channel_id, product_id, SUM(impressions) AS impressions,
               SUM(clicks) AS clicks, SUM(spend) AS spend, SUM(sales) AS sales
          FROM fact_ad_asin_hourly GROUP BY group_id, ad_date, ad_hour, channel_id, product_id),
      chk AS (${RANKED_CHECKS}),
      hrs AS (
        SELECT group_id, ad_date AS d, ad_hour AS h, channel_id, product_id FROM ad
        UNION
        SELECT group_id, check_date, check_hour, channel_id, product_id FROM fact_live_check)
      SELECT t.group_id, hrs.d, hrs.h, t.channel_id, t.asin, t.product_id, t.city_id,
        COALESCE(a.impressions, 0), COALESCE(a.clicks, 0), COALESCE(a.spend, 0), COALESCE(a.sales, 0),
        ${STATUS_LABEL('COALESCE(cur.stock_status, crawl.stock_status)')},
        CASE WHEN COALESCE(cur.stock_status, crawl.stock_status) IN (0, 2) THEN 1 ELSE 0 END,
        ${STATUS_LABEL('COALESCE(lst.stock_status, crawl.stock_status)')}, lst.selling_price,
        ${BUY_BOX_LABEL('lst.buy_box_own', 'lst.stock_status')},
        -- NULL until the day's first check: an empty cell, in the grid and in its export alike.
        lst.check_time,
        CASE WHEN cur.stock_status IS NOT NULL THEN 'Live check'
             WHEN crawl.stock_status IS NOT NULL THEN 'Daily crawl' ELSE 'Not Checked' END
      FROM setup_live_tracking t
      JOIN hrs ON hrs.group_id = t.group_id AND hrs.channel_id = t.channel_id AND hrs.product_id = t.product_id
      LEFT JOIN ad a ON a.group_id = t.group_id AND a.channel_id = t.channel_id AND a.product_id = t.product_id
        AND a.ad_date = hrs.d AND a.ad_hour = hrs.h
      LEFT JOIN chk cur ON cur.group_id = t.group_id AND cur.channel_id = t.channel_id
        AND cur.product_id = t.product_id AND cur.city_id = t.city_id AND cur.check_date = hrs.d
        AND hrs.h >= cur.check_hour AND hrs.h < COALESCE(cur.next_hour, 24)
      LEFT JOIN chk lst ON lst.group_id = t.group_id AND lst.channel_id = t.channel_id
        AND lst.product_id = t.product_id AND lst.city_id = t.city_id AND lst.check_date = hrs.d
        AND lst.day_rank = 1
      -- Before the day's first live check (or on a day with none) the day's crawl of the listing in
      -- that city is what is known of it: an hour is out of stock when that crawl found it so.
      LEFT JOIN fact_stock crawl ON crawl.group_id = t.group_id AND crawl.channel_id = t.channel_id
        AND crawl.product_id = t.product_id AND crawl.city_id = t.city_id AND crawl.crawl_date = hrs.d`,
  },
];

export const LIVE_TRACKING_VIEWS_DDL: readonly string[] = LIVE_TRACKING_VIEWS.map(
  (v) => `CREATE OR REPLACE VIEW ${v.name} (${v.columns.join(', ')}) AS ${v.select}`,
);
