import type { Kysely } from 'kysely';

/**
 * The number style a user chose in the user menu (Indian / international), kept with the user so
 * what the server writes for them follows it: the inbox's How text and their weekly case e-mail.
 * Null: never chosen, the product's default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('number_style', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('number_style').execute();
}
