import { sql, type Kysely } from 'kysely';

/**
 * Uploads (docs/uploads.md): one row per file received (the screen's upload history and its error
 * report), and one row per loaded slice (e.g. channel x month) with the run that last replaced it.
 * Errors are kept as jsonb (capped by the service) so the error file can be rebuilt on demand.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload_runs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('upload_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('rows_ok', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('errors', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('upload_runs_group_key')
    .on('upload_runs')
    .columns(['group_id', 'upload_key', 'id'])
    .execute();
  await db.schema
    .createTable('upload_slices')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('upload_key', 'text', (c) => c.notNull())
    .addColumn('slice_key', 'text', (c) => c.notNull())
    .addColumn('slice', 'jsonb', (c) => c.notNull())
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('run_id', 'integer', (c) => c.references('upload_runs.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('upload_slices_pk', ['group_id', 'upload_key', 'slice_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload_slices').execute();
  await db.schema.dropTable('upload_runs').execute();
}
