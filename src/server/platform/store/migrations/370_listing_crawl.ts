import type { Kysely } from 'kysely';

/**
 * The process monitor's triggers Search (1) and Display (2) crawl listing pages (a keyword's search
 * results, a category's listing) besides the product pages (0): a run names its trigger, and a
 * channel profile says where its listing pages are and which model schema reads them (the
 * repeating result and its fields).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('crawl_runs')
    .addColumn('trigger_type', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('channel_profiles')
    .addColumn('search_url_template', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('display_url_template', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('listing_schema_id', 'integer', (c) => c.references('model_schemas.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('channel_profiles')
    .dropColumn('listing_schema_id')
    .dropColumn('display_url_template')
    .dropColumn('search_url_template')
    .execute();
  await db.schema.alterTable('crawl_runs').dropColumn('trigger_type').execute();
}
