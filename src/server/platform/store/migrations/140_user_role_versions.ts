import { sql, type Kysely } from 'kysely';

/**
 * Users and roles become entities of the generic write routes (docs/write-half.md): each gets the
 * `updated_at` an edit sends back, so a stale edit (the row changed since it was read, including
 * its mappings or activities) is refused instead of overwriting someone else's change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['users', 'roles'])
    await db.schema
      .alterTable(table)
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['users', 'roles'])
    await db.schema.alterTable(table).dropColumn('updated_at').execute();
}
