import type { Kysely } from 'kysely';

/**
 * A crawl timing names the crawl type its occurrences start: 4 Scheduled (the channel's day, as
 * before) or 5 Live Tracking (the live-tracking list, e.g. hourly). The same cron may exist once
 * per type on a channel.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('crawl_timings')
    .addColumn('crawl_type', 'integer', (c) => c.notNull().defaultTo(4))
    .execute();
  await db.schema.alterTable('crawl_timings').dropConstraint('crawl_timings_group_channel_cron').execute();
  await db.schema
    .alterTable('crawl_timings')
    .addUniqueConstraint('crawl_timings_group_channel_cron_type', [
      'group_id',
      'channel_id',
      'cron',
      'crawl_type',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('crawl_timings')
    .dropConstraint('crawl_timings_group_channel_cron_type')
    .execute();
  await db.schema
    .alterTable('crawl_timings')
    .addUniqueConstraint('crawl_timings_group_channel_cron', ['group_id', 'channel_id', 'cron'])
    .execute();
  await db.schema.alterTable('crawl_timings').dropColumn('crawl_type').execute();
}
