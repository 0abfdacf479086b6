import { sql, type Kysely } from 'kysely';

/**
 * The client area's per-group settings (docs/admin.md): arguments an admin sets per group
 * (client/clientargs, the spec's "admin clients args"), and the Athena-sync schema types of each
 * group (client/clientathenasyn: is_monthly, status) with one row per sync an admin triggers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('group_args')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('arg_key', 'text', (c) => c.notNull())
    .addColumn('arg_value', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('group_args_key', ['group_id', 'arg_key'])
    .execute();
  await db.schema
    .createTable('athena_schema_types')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('schema_type', 'text', (c) => c.notNull())
    .addColumn('is_monthly', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_sync_at', 'timestamptz')
    .addColumn('sync_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('athena_schema_types_key', ['group_id', 'schema_type'])
    .execute();
  await db.schema
    .createTable('athena_sync_runs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('schema_type_id', 'integer', (c) =>
      c.notNull().references('athena_schema_types.id').onDelete('cascade'),
    )
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('is_monthly', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('requested'))
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('athena_sync_runs_type')
    .on('athena_sync_runs')
    .columns(['schema_type_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('athena_sync_runs').execute();
  await db.schema.dropTable('athena_schema_types').execute();
  await db.schema.dropTable('group_args').execute();
}
