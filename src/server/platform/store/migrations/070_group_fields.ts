import { sql, type Kysely } from 'kysely';

/**
 * The spec's group fields (§3 "Group creation payload", §2 overlay mode 1) and the audit trail's
 * group and entity, so client logs can filter by them. Id lists are jsonb arrays: they are read
 * and written whole with the group, never joined on. `updated_at` lets an edit detect that the
 * row changed since it was read (optimistic concurrency for the admin forms).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const emptyList = sql`'[]'::jsonb`;
  await db.schema
    .alterTable('groups')
    .addColumn('notify_to_email', 'text')
    .addColumn('account_requested_by', 'text')
    .addColumn('account_manager_name', 'text')
    .addColumn('account_manager_email', 'text')
    .addColumn('associate1_name', 'text')
    .addColumn('associate1_email', 'text')
    .addColumn('associate2_name', 'text')
    .addColumn('associate2_email', 'text')
    .addColumn('task_id', 'text')
    .addColumn('comments', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('operation_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('channels', 'jsonb', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('crawl_types', 'jsonb', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('schema_types', 'jsonb', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .alterTable('audit_log')
    .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('set null'))
    .addColumn('entity', 'text')
    .execute();
  // Client logs read one group's trail, newest first.
  await db.schema
    .createIndex('audit_log_group_time')
    .on('audit_log')
    .columns(['group_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_group_time').execute();
  await db.schema.alterTable('audit_log').dropColumn('group_id').dropColumn('entity').execute();
  const columns = [
    'notify_to_email',
    'account_requested_by',
    'account_manager_name',
    'account_manager_email',
    'associate1_name',
    'associate1_email',
    'associate2_name',
    'associate2_email',
    'task_id',
    'comments',
    'operation_type',
    'channels',
    'crawl_types',
    'schema_types',
    'updated_at',
  ];
  for (const column of columns) await db.schema.alterTable('groups').dropColumn(column).execute();
}
