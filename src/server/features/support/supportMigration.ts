import { sql, type Kysely } from 'kysely';

/**
 * Feedback & Support requests: who sent what about which screen, in which group, and whether
 * platform staff have closed it. The support address gets each by mail too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('support_tickets')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('screen', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .addColumn('closed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('support_tickets_user')
    .on('support_tickets')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('support_tickets').execute();
}
