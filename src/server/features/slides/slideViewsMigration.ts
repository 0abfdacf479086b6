import { sql, type Kysely } from 'kysely';

/**
 * Slide views (paxviz, spec §2 customscreen/slide and ams360/slide): a group's decks of other
 * screens' widgets. `screen` is the slide screen the deck belongs to; `doc` is the deck as the
 * config language writes it (schemas/slideView.schema.json), kept as text and validated on write.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('slide_views')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('screen', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('doc', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('slide_views_unique_name', ['group_id', 'screen', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('slide_views').execute();
}
