import type { Kysely } from 'kysely';

/**
 * The number style (Indian / international, the user menu's setting) an export was started
 * in, so its workbook groups digits as the screen did. Null: the default style
 * (a mailer's report has no user at the screen).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('report_files').addColumn('number_style', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('report_files').dropColumn('number_style').execute();
}
