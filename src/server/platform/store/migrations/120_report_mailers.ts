import { sql, type Kysely } from 'kysely';

/**
 * Report mailers (docs/jobs.md, spec §2 report/reportmailer): what report, with which filters, goes to
 * whom, how and when; and one run-log row per dry run or delivery with the spec's delivery status
 * (1 Report Manager Success, 2 In Progress, 3 Report Delivered, 4 Delivery Failed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_mailers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('report_type', 'text', (c) => c.notNull())
    .addColumn('filters', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('recipients', 'jsonb', (c) => c.notNull())
    .addColumn('distribution', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull().defaultTo('xlsx'))
    .addColumn('cron', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('report_mailers_group')
    .on('report_mailers')
    .columns(['group_id', 'id'])
    .execute();
  await db.schema
    .createTable('report_mailer_runs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('mailer_id', 'integer', (c) => c.notNull().references('report_mailers.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('dry_run', 'boolean', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('file_id', 'integer', (c) => c.references('report_files.id').onDelete('set null'))
    .addColumn('recipients', 'jsonb', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('started_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('report_mailer_runs_group')
    .on('report_mailer_runs')
    .columns(['group_id', 'mailer_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report_mailer_runs').execute();
  await db.schema.dropTable('report_mailers').execute();
}
