/**
 * Setup dictionaries a brand team uploads (docs/uploads.md, screens/setup): what content each
 * category should carry, what each product page should show, and which crawled brand names mean
 * which of the group's brands; the master data settings, pincodes and cities; the keyword mapper and
 * tracked keywords; and the manual reports (screens/manualUploads, screens/manualReports). They
 * are filled only through uploads (docs/uploads.md), one replaceable slice each (a category, a
 * channel, a month), so each has the group and the slice fields.
 */
export const SETUP_TABLES_DDL: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS setup_category_content (
    group_id INTEGER NOT NULL,
    category_id INTEGER NOT NULL,
    attribute VARCHAR NOT NULL,
    min_count INTEGER NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS setup_product_content (
    group_id INTEGER NOT NULL,
    product_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    expected_title VARCHAR NOT NULL,
    min_images INTEGER NOT NULL,
    min_bullet_points INTEGER NOT NULL,
    has_aplus_content SMALLINT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS setup_brand_dictionary (
    group_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    crawled_brand VARCHAR NOT NULL,
    brand_id INTEGER NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS setup_data_settings (
    group_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    category_id INTEGER NOT NULL,
    crawl_frequency VARCHAR NOT NULL,
    search_pages INTEGER NOT NULL,
    track_stock SMALLINT NOT NULL,
    track_price SMALLINT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS setup_pincode (
    group_id INTEGER NOT NULL,
    city_id INTEGER NOT NULL,
    pincode INTEGER NOT NULL,
    area_name VARCHAR NOT NULL
  )`,
  // list_id and updated_at (a write token) let one row be added or edited on master/data_settings.
  `CREATE TABLE IF NOT EXISTS setup_city_list (
    group_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    city_id INTEGER NOT NULL,
    stores_tracked INTEGER NOT NULL,
    list_id INTEGER NOT NULL DEFAULT 0,
    updated_at VARCHAR NOT NULL DEFAULT ''
  )`,
  `CREATE TABLE IF NOT EXISTS setup_keyword_map (
    group_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    keyword_id INTEGER NOT NULL,
    product_id INTEGER NOT NULL,
    mapping_status VARCHAR NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS setup_tracked_keyword (
    group_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    category_id INTEGER NOT NULL,
    keyword VARCHAR NOT NULL,
    keyword_type VARCHAR NOT NULL,
    search_volume INTEGER NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS manual_share_report (
    group_id INTEGER NOT NULL,
    report VARCHAR NOT NULL,
    report_month DATE NOT NULL,
    channel_id INTEGER NOT NULL,
    brand_id INTEGER NOT NULL,
    top_n SMALLINT NOT NULL,
    share_pct DOUBLE PRECISION NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS manual_asset_execution (
    group_id INTEGER NOT NULL,
    report_month DATE NOT NULL,
    channel_id INTEGER NOT NULL,
    product_id INTEGER NOT NULL,
    asset VARCHAR NOT NULL,
    planned INTEGER NOT NULL,
    executed INTEGER NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS manual_rank_report (
    group_id INTEGER NOT NULL,
    report_month DATE NOT NULL,
    channel_id INTEGER NOT NULL,
    keyword VARCHAR NOT NULL,
    product_id INTEGER NOT NULL,
    top_n SMALLINT NOT NULL,
    rank_position INTEGER NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS manual_report_rows (
    group_id INTEGER NOT NULL,
    report_name VARCHAR NOT NULL,
    report_date DATE NOT NULL,
    channel_id INTEGER NOT NULL,
    metric VARCHAR NOT NULL,
    metric_value DOUBLE PRECISION NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS manual_chart_data (
    group_id INTEGER NOT NULL,
    chart_name VARCHAR NOT NULL,
    period DATE NOT NULL,
    series VARCHAR NOT NULL,
    metric_value DOUBLE PRECISION NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS manual_command_center (
    group_id INTEGER NOT NULL,
    report_date DATE NOT NULL,
    channel_id INTEGER NOT NULL,
    category_id INTEGER NOT NULL,
    kpi VARCHAR NOT NULL,
    kpi_value DOUBLE PRECISION NOT NULL,
    target_value DOUBLE PRECISION NOT NULL
  )`,
];
