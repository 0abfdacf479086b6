import type { Kysely } from 'kysely';

/**
 * A marketplace's saved sample pages (a JSON array of `{name, status, body}`): the pages a channel
 * profile is tried on before its first crawl (a product page, a wall, a soft 404), kept with it.
 */
export const channelSamplesMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('channel_profiles')
      .addColumn('sample_pages', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('channel_profiles').dropColumn('sample_pages').execute();
  },
};
