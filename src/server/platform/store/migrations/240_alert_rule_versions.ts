import { sql, type Kysely } from 'kysely';

/**
 * An alert rule's version (docs/jobs.md): an edit sends back the `updated_at` it read, and is
 * refused when the rule moved on meanwhile (another admin's edit or toggle), as entity edits are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('alert_rules')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('alert_rules').dropColumn('updated_at').execute();
}
