/**
 * Dimension tables of the warehouse. Column names here are a contract with the screen datasets
 * (docs/warehouse.md); change them only together with every dataset that reads them.
 * Types are the common subset of DuckDB and PostgreSQL, so one DDL text serves both.
 * Flags (is_competitor, is_favourite ...) are SMALLINT 0/1, not BOOLEAN: the query compiler binds
 * filter values as numbers and AVG/SUM over a 0/1 flag gives a share directly.
 */
export const DIM_TABLES_DDL: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS dim_channel (
    channel_id INTEGER PRIMARY KEY,
    channel_name VARCHAR NOT NULL,
    channel_kind VARCHAR NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS dim_city (
    city_id INTEGER PRIMARY KEY,
    city_name VARCHAR NOT NULL,
    city_zone_id INTEGER NOT NULL,
    city_zone_name VARCHAR NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS dim_brand (
    brand_id INTEGER PRIMARY KEY,
    group_id INTEGER NOT NULL,
    brand_name VARCHAR NOT NULL,
    is_competitor SMALLINT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS dim_category (
    category_id INTEGER PRIMARY KEY,
    group_id INTEGER NOT NULL,
    category_name VARCHAR NOT NULL,
    label_category_id INTEGER NOT NULL,
    label_category_name VARCHAR NOT NULL,
    rank_threshold SMALLINT NOT NULL DEFAULT 10,
    updated_at VARCHAR NOT NULL DEFAULT ''
  )`,
  `CREATE TABLE IF NOT EXISTS dim_product (
    product_id INTEGER PRIMARY KEY,
    group_id INTEGER NOT NULL,
    brand_id INTEGER NOT NULL,
    category_id INTEGER NOT NULL,
    sku_name VARCHAR NOT NULL,
    sku_code VARCHAR NOT NULL,
    pack_size VARCHAR NOT NULL,
    mrp DOUBLE PRECISION NOT NULL,
    image_url VARCHAR NOT NULL,
    is_competitor SMALLINT NOT NULL,
    is_favourite SMALLINT NOT NULL,
    mapping_status SMALLINT NOT NULL,
    launch_date DATE NOT NULL,
    product_status SMALLINT NOT NULL DEFAULT 1,
    updated_at VARCHAR NOT NULL DEFAULT '',
    detection_status SMALLINT NOT NULL DEFAULT 6
  )`,
  `CREATE TABLE IF NOT EXISTS dim_listing (
    group_id INTEGER NOT NULL,
    product_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    channel_sku_code VARCHAR NOT NULL,
    product_url VARCHAR NOT NULL,
    PRIMARY KEY (product_id, channel_id)
  )`,
  `CREATE TABLE IF NOT EXISTS dim_product_competitor (
    group_id INTEGER NOT NULL,
    product_id INTEGER NOT NULL,
    competitor_product_id INTEGER NOT NULL,
    PRIMARY KEY (product_id, competitor_product_id)
  )`,
  // A product's tags (e.g. 'Focus SKU'): a product has any number, so the tag filter maps a tag
  // to its products through this table rather than a column of dim_product.
  `CREATE TABLE IF NOT EXISTS dim_product_tag (
    group_id INTEGER NOT NULL,
    product_id INTEGER NOT NULL,
    tag_id INTEGER NOT NULL,
    tag_name VARCHAR NOT NULL,
    PRIMARY KEY (product_id, tag_id)
  )`,
  `CREATE TABLE IF NOT EXISTS dim_keyword (
    keyword_id INTEGER PRIMARY KEY,
    group_id INTEGER NOT NULL,
    keyword VARCHAR NOT NULL,
    keyword_type VARCHAR NOT NULL,
    category_id INTEGER NOT NULL,
    search_volume INTEGER NOT NULL,
    is_favourite SMALLINT NOT NULL DEFAULT 0,
    search_pages SMALLINT NOT NULL DEFAULT 1,
    updated_at VARCHAR NOT NULL DEFAULT ''
  )`,
  `CREATE TABLE IF NOT EXISTS dim_seller (
    seller_id INTEGER PRIMARY KEY,
    group_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    seller_name VARCHAR NOT NULL,
    seller_type VARCHAR NOT NULL,
    is_auth SMALLINT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS dim_promo_plan (
    plan_id INTEGER PRIMARY KEY,
    group_id INTEGER NOT NULL,
    product_id INTEGER NOT NULL,
    brand_id INTEGER NOT NULL,
    category_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    mechanic VARCHAR NOT NULL,
    offer_text VARCHAR NOT NULL,
    plan_price DOUBLE PRECISION NOT NULL,
    start_date DATE NOT NULL,
    end_date DATE NOT NULL,
    promo_state VARCHAR NOT NULL,
    updated_at VARCHAR NOT NULL DEFAULT ''
  )`,
  `CREATE TABLE IF NOT EXISTS crawl_log (
    group_id INTEGER NOT NULL,
    crawl_type VARCHAR NOT NULL,
    last_crawl_date DATE NOT NULL,
    PRIMARY KEY (group_id, crawl_type)
  )`,
];
