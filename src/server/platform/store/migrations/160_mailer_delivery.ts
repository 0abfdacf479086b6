import { sql, type Kysely } from 'kysely';

/**
 * Report mailers deliver over SFTP, FTP and Azure Blob besides e-mail (docs/jobs.md): a mailer keeps
 * its target (host, port, user, folder / container) and its credential encrypted (AES-256-GCM,
 * never shown). A run carries a delivery key, so a retried job finds its own run and does not
 * deliver twice, and how the run was started (run now, schedule, re-trigger, dry run).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('report_mailers')
    .addColumn('target', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.alterTable('report_mailers').addColumn('secret', 'text').execute();
  await db.schema.alterTable('report_mailer_runs').addColumn('delivery_key', 'text').execute();
  await db.schema
    .alterTable('report_mailer_runs')
    .addColumn('trigger', 'text', (c) => c.notNull().defaultTo('run'))
    .execute();
  await db.schema
    .alterTable('report_mailer_runs')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('report_mailer_runs').addColumn('delivered_to', 'text').execute();
  await db.schema
    .createIndex('report_mailer_runs_delivery_key')
    .unique()
    .on('report_mailer_runs')
    .column('delivery_key')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('report_mailer_runs_delivery_key').execute();
  for (const column of ['delivery_key', 'trigger', 'attempts', 'delivered_to'])
    await db.schema.alterTable('report_mailer_runs').dropColumn(column).execute();
  await db.schema.alterTable('report_mailers').dropColumn('target').execute();
  await db.schema.alterTable('report_mailers').dropColumn('secret').execute();
}
