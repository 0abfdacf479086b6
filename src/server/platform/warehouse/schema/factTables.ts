/**
 * Fact tables. Every fact carries group_id (the tenant) and its date column, plus the product's
 * brand_id, category_id and is_competitor copied in, so filters never need a join.
 * No primary keys or indexes on DuckDB: they slow bulk loads and DuckDB scans columns anyway;
 * PostgreSQL gets (group_id, date) indexes from FACT_INDEXES.
 */
const productKeys = `
    product_id INTEGER NOT NULL,
    brand_id INTEGER NOT NULL,
    category_id INTEGER NOT NULL,
    is_competitor SMALLINT NOT NULL`;

export const FACT_TABLES_DDL: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS fact_stock (
    group_id INTEGER NOT NULL,
    crawl_date DATE NOT NULL,
    channel_id INTEGER NOT NULL,
    city_id INTEGER NOT NULL,${productKeys},
    stock_status SMALLINT NOT NULL,
    stores_total SMALLINT NOT NULL DEFAULT 0,
    stores_in_stock SMALLINT NOT NULL DEFAULT 0,
    store_share DOUBLE PRECISION,
    on_promo SMALLINT NOT NULL DEFAULT 0,
    prev_crawl_date DATE
  )`,
  `CREATE TABLE IF NOT EXISTS fact_price (
    group_id INTEGER NOT NULL,
    crawl_date DATE NOT NULL,
    channel_id INTEGER NOT NULL,
    city_id INTEGER NOT NULL,${productKeys},
    mrp DOUBLE PRECISION NOT NULL,
    selling_price DOUBLE PRECISION NOT NULL,
    discount_pct DOUBLE PRECISION NOT NULL,
    reference_price DOUBLE PRECISION NOT NULL,
    rule_min_price DOUBLE PRECISION,
    rule_max_price DOUBLE PRECISION,
    violation_type SMALLINT NOT NULL,
    is_above_mrp SMALLINT NOT NULL,
    variation_pct DOUBLE PRECISION NOT NULL,
    variation_band SMALLINT NOT NULL,
    variation_band_name VARCHAR NOT NULL,
    is_new_violation SMALLINT NOT NULL DEFAULT 0
  )`,
  `CREATE TABLE IF NOT EXISTS fact_promo (
    group_id INTEGER NOT NULL,
    crawl_date DATE NOT NULL,
    channel_id INTEGER NOT NULL,
    city_id INTEGER NOT NULL,${productKeys},
    plan_id INTEGER,
    planned_mechanic VARCHAR,
    planned_price DOUBLE PRECISION,
    observed_mechanic VARCHAR,
    observed_offer_text VARCHAR,
    observed_price DOUBLE PRECISION,
    offer_status SMALLINT NOT NULL,
    promo_state VARCHAR NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS fact_content (
    group_id INTEGER NOT NULL,
    crawl_date DATE NOT NULL,
    channel_id INTEGER NOT NULL,${productKeys},
    image_count SMALLINT NOT NULL,
    video_count SMALLINT NOT NULL,
    bullet_count SMALLINT NOT NULL,
    title_length SMALLINT NOT NULL,
    description_length INTEGER NOT NULL,
    images_compliant SMALLINT NOT NULL,
    videos_compliant SMALLINT NOT NULL,
    bullet_points_compliant SMALLINT NOT NULL,
    description_compliant SMALLINT NOT NULL,
    aplus_content_compliant SMALLINT NOT NULL,
    title_compliant SMALLINT NOT NULL,
    specification_compliant SMALLINT NOT NULL,
    keywords_compliant SMALLINT NOT NULL,
    faqs_compliant SMALLINT NOT NULL,
    rating_compliant SMALLINT NOT NULL,
    content_score DOUBLE PRECISION NOT NULL,
    content_band VARCHAR NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS fact_rating (
    group_id INTEGER NOT NULL,
    crawl_date DATE NOT NULL,
    channel_id INTEGER NOT NULL,${productKeys},
    avg_rating DOUBLE PRECISION NOT NULL,
    rating_count INTEGER NOT NULL,
    review_count INTEGER NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS fact_review (
    review_id BIGINT NOT NULL,
    group_id INTEGER NOT NULL,
    review_date DATE NOT NULL,
    channel_id INTEGER NOT NULL,${productKeys},
    rating SMALLINT NOT NULL,
    review_title VARCHAR NOT NULL,
    review_text VARCHAR NOT NULL,
    reviewer_name VARCHAR NOT NULL,
    is_verified SMALLINT NOT NULL,
    sentiment SMALLINT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS fact_review_aspect (
    review_id BIGINT NOT NULL,
    group_id INTEGER NOT NULL,
    review_date DATE NOT NULL,
    channel_id INTEGER NOT NULL,${productKeys},
    aspect VARCHAR NOT NULL,
    sentiment SMALLINT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS fact_search (
    group_id INTEGER NOT NULL,
    crawl_date DATE NOT NULL,
    channel_id INTEGER NOT NULL,
    keyword_id INTEGER NOT NULL,
    keyword_type VARCHAR NOT NULL,
    page SMALLINT NOT NULL,
    position SMALLINT NOT NULL,
    overall_position SMALLINT NOT NULL,
    slot_type VARCHAR NOT NULL,${productKeys},
    search_volume INTEGER NOT NULL DEFAULT 0
  )`,
  `CREATE TABLE IF NOT EXISTS fact_category_rank (
    group_id INTEGER NOT NULL,
    crawl_date DATE NOT NULL,
    channel_id INTEGER NOT NULL,${productKeys},
    category_rank SMALLINT NOT NULL,
    rank_bucket VARCHAR NOT NULL,
    page SMALLINT NOT NULL,
    slot_type VARCHAR NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS fact_banner (
    group_id INTEGER NOT NULL,
    crawl_date DATE NOT NULL,
    channel_id INTEGER NOT NULL,
    category_id INTEGER NOT NULL,
    brand_id INTEGER NOT NULL,
    is_competitor SMALLINT NOT NULL,
    banner_position SMALLINT NOT NULL,
    banner_title VARCHAR NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS fact_bestseller (
    group_id INTEGER NOT NULL,
    crawl_date DATE NOT NULL,
    channel_id INTEGER NOT NULL,${productKeys},
    bestseller_rank SMALLINT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS fact_sales (
    group_id INTEGER NOT NULL,
    sale_date DATE NOT NULL,
    channel_id INTEGER NOT NULL,${productKeys},
    units INTEGER NOT NULL,
    revenue DOUBLE PRECISION NOT NULL,
    is_estimate SMALLINT NOT NULL,
    is_superseded SMALLINT NOT NULL DEFAULT 0
  )`,
  `CREATE TABLE IF NOT EXISTS fact_seller (
    group_id INTEGER NOT NULL,
    crawl_date DATE NOT NULL,
    channel_id INTEGER NOT NULL,${productKeys},
    seller_id INTEGER NOT NULL,
    seller_type VARCHAR NOT NULL,
    is_auth SMALLINT NOT NULL,
    seller_price DOUBLE PRECISION NOT NULL,
    has_buy_box SMALLINT NOT NULL
  )`,
];

/** Fact table name -> its date column (the tenant column is always group_id). */
export const FACT_DATE_COLUMN: Readonly<Record<string, string>> = {
  fact_stock: 'crawl_date',
  fact_price: 'crawl_date',
  fact_promo: 'crawl_date',
  fact_content: 'crawl_date',
  fact_rating: 'crawl_date',
  fact_review: 'review_date',
  fact_review_aspect: 'review_date',
  fact_search: 'crawl_date',
  fact_category_rank: 'crawl_date',
  fact_banner: 'crawl_date',
  fact_bestseller: 'crawl_date',
  fact_sales: 'sale_date',
  fact_seller: 'crawl_date',
};

/** PostgreSQL only: DuckDB's ART indexes would slow the bulk loads for no scan benefit. */
export const FACT_INDEXES_DDL: readonly string[] = Object.entries(FACT_DATE_COLUMN).map(
  ([table, dateColumn]) =>
    `CREATE INDEX IF NOT EXISTS ${table}_group_date_idx ON ${table} (group_id, ${dateColumn})`,
);
