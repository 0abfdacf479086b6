import { sql, type Kysely } from 'kysely';

/**
 * The AMS schema editor (spec §2 processmonitor/ams_schema): per group and ad channel, the model
 * of the AMS report (a JSON object) and the channel target object, as the admin wrote them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ams_schemas')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('ams_channel_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('ams_model', 'text', (c) => c.notNull())
    .addColumn('channel_target', 'text')
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ams_schemas').execute();
}
