import type { Kysely } from 'kysely';

/**
 * A run remembers which queue job holds its current attempt. A retried job that finds the run
 * unfinished under its own name knows its last attempt died; one that finds it under another
 * job's name (a re-trigger's job, say) leaves it alone, so two jobs never deliver one run at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('report_mailer_runs').addColumn('attempt_owner', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('report_mailer_runs').dropColumn('attempt_owner').execute();
}
