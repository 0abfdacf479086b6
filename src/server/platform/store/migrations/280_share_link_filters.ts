import type { Kysely } from 'kysely';

/**
 * The filter state on screen when a share link was made (a URL query, as the address bar holds it),
 * so read mode opens with what the creator was looking at. Null: the screen's default filters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('share_links').addColumn('filters', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('share_links').dropColumn('filters').execute();
}
