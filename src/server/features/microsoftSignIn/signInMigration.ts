import { sql, type Kysely } from 'kysely';

/** Sign in with Microsoft: the per-group mappings staff edit and the flows in progress. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('microsoft_mappings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('domain', 'tenant')`))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('microsoft_mappings_one_per_group', ['kind', 'value', 'group_id'])
    .execute();
  await db.schema
    .createTable('microsoft_flows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('microsoft_flows').execute();
  await db.schema.dropTable('microsoft_mappings').execute();
}
