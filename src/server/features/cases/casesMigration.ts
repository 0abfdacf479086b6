import { sql, type Kysely } from 'kysely';

/**
 * The action inbox's cases (features/cases): unique per group, kind and subject, so evaluating
 * the same load twice adds nothing; the owner is a user (cleared when the user goes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cases')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('rule_id', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('inputs', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('product_id', 'integer')
    .addColumn('channel_id', 'integer')
    .addColumn('opportunity', 'double precision')
    .addColumn('previous_opportunity', 'double precision')
    .addColumn('observed_on', 'text', (c) => c.notNull())
    .addColumn('cause_present', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('snoozed_until', 'text')
    .addColumn('owner_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('cases_subject')
    .on('cases')
    .columns(['group_id', 'rule_id', 'subject'])
    .unique()
    .execute();
  await db.schema
    .createIndex('cases_group_opportunity')
    .on('cases')
    .columns(['group_id', 'opportunity'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cases').execute();
}
