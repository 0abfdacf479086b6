import { sql, type Kysely } from 'kysely';

/**
 * Runs of the elastic trigger (docs/crawl.md): one row per re-index of a suggestion source for a group,
 * with the process monitor's statuses (5 Waiting -> 1 In Progress -> 2 Success / 3 No Data / 4 Failed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('elastic_runs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('batch_limit', 'integer', (c) => c.notNull())
    .addColumn('interval_days', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('from_date', 'text')
    .addColumn('to_date', 'text')
    .addColumn('entries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('batches', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('elastic_runs_group').on('elastic_runs').columns(['group_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('elastic_runs').execute();
}
