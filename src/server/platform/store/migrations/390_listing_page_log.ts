import type { Kysely } from 'kysely';

/**
 * A listing page's log entry names what it was (the keyword or category, and the result page), so
 * the next run of the day can fetch again exactly the listing pages that failed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('crawl_page_log')
    .addColumn('listing_id', 'integer')
    .addColumn('listing_page', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('crawl_page_log').dropColumn('listing_page').dropColumn('listing_id').execute();
}
