import type { Kysely } from 'kysely';

/**
 * A Display (2) run also crawls the channel's bestseller lists: a channel profile says where they
 * are and which model schema reads them, and a page log entry says which kind of listing page it
 * was (a category's listing or its bestseller list share the category id and page number), so the
 * day's next run fetches again exactly the pages that failed, of either kind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('channel_profiles')
    .addColumn('bestseller_url_template', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bestseller_schema_id', 'integer', (c) =>
      c.references('model_schemas.id').onDelete('set null'),
    )
    .execute();
  await db.schema.alterTable('crawl_page_log').addColumn('listing_kind', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('crawl_page_log').dropColumn('listing_kind').execute();
  await db.schema
    .alterTable('channel_profiles')
    .dropColumn('bestseller_schema_id')
    .dropColumn('bestseller_url_template')
    .execute();
}
