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

// Each listing-city's latest check of any day (the list).
const LATEST_CHECKS = `SELECT c.*,
    ROW_NUMBER() OVER (PARTITION BY c.group_id, c.channel_id, c.product_id, c.city_id ORDER BY c.check_date DESC, c.check_hour DESC) AS ever_rank
  FROM fact_live_check c`;

// A tracked listing-city's row of each fact the hourly view reads, in one shape: a product's ad
// hour (all campaigns, every tracked city of it), a live check's hour (every tracked city of the
// product gets the hour; the status only its own city) and the day's crawl (no hour). One UNION
// ALL keeps the date a column of every branch, so a date condition on the view reaches each fact
// table's own date on both engines; a join on the date (as before) left PostgreSQL reading every
// day of the facts.
const TRACKED_ON = (f: string, withCity: boolean) =>
  `t.group_id = ${f}.group_id AND t.channel_id = ${f}.channel_id AND t.product_id = ${f}.product_id${
    withCity ? ` AND t.city_id = ${f}.city_id` : ''
  }`;
// A row with no check; its names name the union's columns (the first branch names them).
const NO_CHECK = `CAST(NULL AS SMALLINT) AS check_status, CAST(NULL AS DOUBLE PRECISION) AS selling_price,
      CAST(NULL AS SMALLINT) AS buy_box_own, CAST(NULL AS VARCHAR) AS check_time`;
// A check's value for its own city's row; the product's other tracked cities get the hour only.
const OWN_CITY = (column: string) => `CASE WHEN c.city_id = t.city_id THEN c.${column} END`;
const LISTING_FACTS = `SELECT t.group_id, a.ad_date AS d, a.ad_hour AS h, t.channel_id, t.asin, t.product_id, t.city_id,
      a.impressions, a.clicks, a.spend, a.sales, ${NO_CHECK}, CAST(NULL AS SMALLINT) AS crawl_status
    FROM fact_ad_asin_hourly a JOIN setup_live_tracking t ON ${TRACKED_ON('a', false)}
  UNION ALL
  SELECT t.group_id, c.check_date, c.check_hour, t.channel_id, t.asin, t.product_id, t.city_id, 0, 0, 0, 0,
      ${['stock_status', 'selling_price', 'buy_box_own', 'check_time'].map(OWN_CITY).join(', ')}, NULL
    FROM fact_live_check c JOIN setup_live_tracking t ON ${TRACKED_ON('c', false)}
  UNION ALL
  SELECT t.group_id, s.crawl_date, NULL, t.channel_id, t.asin, t.product_id, t.city_id, 0, 0, 0, 0, ${NO_CHECK},
      s.stock_status
    FROM fact_stock s JOIN setup_live_tracking t ON ${TRACKED_ON('s', true)}`;

// Windows over one tracked listing-city's day. The date is in every partition, so PostgreSQL and
// DuckDB still push a date condition below them.
const DAY = 'PARTITION BY group_id, channel_id, asin, product_id, city_id, d';
// A check stands for its hour and the hours after it until the next: the running maximum of
// hour * 100 + status over the day's hours is the latest check at or before the hour, and its
// last two digits are that check's status (0-2).
const STANDING_STATUS = `MOD(MAX(MAX(h * 100 + check_status)) OVER (${DAY} ORDER BY h ROWS UNBOUNDED PRECEDING), 100)`;
// The day's latest check first: hours with a check before those without, latest first.
const LATEST = (column: string) =>
  `FIRST_VALUE(MAX(${column})) OVER (${DAY} ORDER BY MAX(check_status) IS NULL, h DESC NULLS LAST)`;

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
      LEFT JOIN (${LATEST_CHECKS}) c ON c.group_id = t.group_id AND c.channel_id = t.channel_id
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
    select: `SELECT group_id, d, h, channel_id, asin, product_id, city_id, impressions, clicks, spend, sales,
        ${STATUS_LABEL('COALESCE(hour_check, crawl_status)')},
        CASE WHEN COALESCE(hour_check, crawl_status) IN (0, 2) THEN 1 ELSE 0 END,
        ${STATUS_LABEL('COALESCE(last_status, crawl_status)')}, last_price,
        ${BUY_BOX_LABEL('last_buy_box', 'last_status')},
        -- NULL until the day's first check: an empty cell, in the grid and in its export alike.
        last_check_time,
        CASE WHEN hour_check IS NOT NULL THEN 'Live check'
             WHEN crawl_status IS NOT NULL THEN 'Daily crawl' ELSE 'Not Checked' END
      FROM (
        SELECT group_id, d, h, channel_id, asin, product_id, city_id,
          SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(spend) AS spend, SUM(sales) AS sales,
          ${STANDING_STATUS} AS hour_check,
          ${LATEST('check_status')} AS last_status,
          ${LATEST('selling_price')} AS last_price,
          ${LATEST('buy_box_own')} AS last_buy_box,
          -- MAX of a VARCHAR is TEXT on PostgreSQL, whose CREATE OR REPLACE VIEW keeps column types.
          CAST(${LATEST('check_time')} AS VARCHAR) AS last_check_time,
          -- Before the day's first live check (or on a day with none) the day's crawl of the listing
          -- in that city is what is known of it: an hour is out of stock when that crawl found it so.
          MAX(MAX(crawl_status)) OVER (${DAY}) AS crawl_status
        FROM (${LISTING_FACTS}) f
        GROUP BY group_id, d, h, channel_id, asin, product_id, city_id
      ) x
      -- The crawl's own row has no hour: only hours with ad activity or a check are rows.
      WHERE h IS NOT NULL`,
  },
];

export const LIVE_TRACKING_VIEWS_DDL: readonly string[] = LIVE_TRACKING_VIEWS.map(
  (v) => `CREATE OR REPLACE VIEW ${v.name} (${v.columns.join(', ')}) AS ${v.select}`,
);
