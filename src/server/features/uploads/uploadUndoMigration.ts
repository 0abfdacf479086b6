import { sql, type Kysely } from 'kysely';

/**
 * A deleted upload slice that can still be restored: its rows wait in the warehouse's hold table
 * (sliceHold.ts) until `expires_at`; restoring puts them and the slice's listing back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload_undos')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('upload_key', 'text', (c) => c.notNull())
    .addColumn('target_table', 'text', (c) => c.notNull())
    .addColumn('slice', 'jsonb', (c) => c.notNull())
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('run_id', 'integer', (c) => c.references('upload_runs.id').onDelete('set null'))
    .addColumn('slice_updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('deleted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('deleted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('restored_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload_undos').execute();
}
