import { sql, type Kysely } from 'kysely';

/**
 * Alerts (docs/jobs.md): rules a group declares (what to watch, whom to e-mail the digest), the
 * alerts the rules raised after warehouse loads, and which user has read which alert. An alert's
 * dedup key (rule, subject, day) is unique per group: evaluating the same load twice raises nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alert_rules')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'integer')
    .addColumn('threshold', 'double precision')
    .addColumn('recipients', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Active'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('alert_rules_group').on('alert_rules').columns(['group_id', 'id']).execute();
  await db.schema
    .createTable('alerts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('rule_id', 'integer', (c) => c.notNull().references('alert_rules.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('dedup_key', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('observed_on', 'text', (c) => c.notNull())
    .addColumn('digested_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('alerts_dedup')
    .on('alerts')
    .columns(['group_id', 'dedup_key'])
    .unique()
    .execute();
  await db.schema.createIndex('alerts_group').on('alerts').columns(['group_id', 'id']).execute();
  await db.schema
    .createTable('alert_reads')
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('alert_reads_pk', ['alert_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alert_reads').execute();
  await db.schema.dropTable('alerts').execute();
  await db.schema.dropTable('alert_rules').execute();
}
