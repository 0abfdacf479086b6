/**
 * Setup dictionaries a brand team uploads (issue 14 §2, screens/setup): what content each
 * category should carry, what each product page should show, and which crawled brand names mean
 * which of the group's brands. They are filled only through uploads (docs/uploads.md), one
 * replaceable slice per category or channel, so each has the group and the slice field.
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
];
