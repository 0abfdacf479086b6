import { sql, type Kysely } from 'kysely';

/**
 * A group's view settings (spec `view/settings`, `get/currency`: the MRP and selling-price labels,
 * the currency sign and images type that user_info hands the screens), and their history, one row
 * per changed field (settings/viewchanges).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('view_settings')
    .addColumn('group_id', 'integer', (c) => c.primaryKey().references('groups.id').onDelete('cascade'))
    .addColumn('mrp', 'text', (c) => c.notNull())
    .addColumn('selling_price', 'text', (c) => c.notNull())
    .addColumn('currency_sign', 'text', (c) => c.notNull())
    .addColumn('images_type', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('view_setting_changes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('before', 'text', (c) => c.notNull())
    .addColumn('after', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('view_setting_changes_group')
    .on('view_setting_changes')
    .columns(['group_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('view_setting_changes').execute();
  await db.schema.dropTable('view_settings').execute();
}
