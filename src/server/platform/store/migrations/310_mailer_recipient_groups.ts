import { sql, type Kysely } from 'kysely';

/**
 * Group tags among a report mailer's recipients (spec §2 search_group_tags on report/reportmailer):
 * the ids of the groups, not their addresses, so a send expands each to the group's active users
 * of that moment (a user blocked or unmapped since the save no longer receives the report).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('report_mailers')
    .addColumn('recipient_groups', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('report_mailers').dropColumn('recipient_groups').execute();
}
