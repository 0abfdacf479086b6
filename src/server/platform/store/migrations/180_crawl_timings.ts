import { sql, type Kysely } from 'kysely';

/**
 * Crawl schedules (spec `crawl/timings`, settings/crawltimings): a channel's Scheduled crawl as a
 * cron expression in a time zone; an Active one is a pg-boss schedule that starts a crawl run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('crawl_timings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('channel_id', 'integer', (c) => c.notNull())
    .addColumn('cron', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Asia/Kolkata'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Active'))
    .addColumn('last_run_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('crawl_timings_group_channel_cron', ['group_id', 'channel_id', 'cron'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('crawl_timings').execute();
}
