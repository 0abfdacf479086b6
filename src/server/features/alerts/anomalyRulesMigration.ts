import type { Kysely } from 'kysely';

/**
 * What an anomaly rule watches (features/alerts/anomalyFinder.ts): a measure of a dataset per
 * member of a dimension, as JSON `{ dataset, measure, by }`; NULL for the fixed kinds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('alert_rules').addColumn('watch', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('alert_rules').dropColumn('watch').execute();
}
