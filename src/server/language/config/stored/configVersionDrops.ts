import type { Kysely } from 'kysely';

/**
 * A version may drop the stored save of its file (docs/config-storage.md "Dropping a stored
 * save"): from it on the file in git serves again. Rows stay append-only, so the drop is a row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('config_versions')
    .addColumn('dropped', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('config_versions').dropColumn('dropped').execute();
}
