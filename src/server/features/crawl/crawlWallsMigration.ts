import type { Kysely } from 'kysely';

/**
 * Crawling past real sites' defences: a channel profile's `crawl_settings` (sessions, location
 * call, challenge markers, render mode, robots, proxies; crawlSettings.ts reads them), and what a
 * crawl met: a page log entry's session and whether the page stayed behind a bot wall, a run's
 * count of such pages.
 */
export const crawlWallsMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('channel_profiles')
      .addColumn('crawl_settings', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema
      .alterTable('crawl_page_log')
      .addColumn('blocked', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('session_id', 'text')
      .execute();
    await db.schema
      .alterTable('crawl_runs')
      .addColumn('pages_blocked', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('crawl_runs').dropColumn('pages_blocked').execute();
    await db.schema.alterTable('crawl_page_log').dropColumn('session_id').dropColumn('blocked').execute();
    await db.schema.alterTable('channel_profiles').dropColumn('crawl_settings').execute();
  },
};
