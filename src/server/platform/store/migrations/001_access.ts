import { sql, type Kysely } from 'kysely';

/** Groups, users, roles, activities and their mappings: who may see what. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_name', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('end_date', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_name', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_success_login', 'timestamptz')
    .addColumn('last_failed_login', 'timestamptz')
    .addColumn('password_changed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('roles')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // LIKE pattern of activity urls granted automatically when activities sync ('%' = every screen).
    .addColumn('auto_grant', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('roles_group_name', ['group_id', 'name'])
    .execute();
  await db.schema
    .createTable('activities')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .createTable('role_activities')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_activities_pk', ['role_id', 'activity_id'])
    .execute();
  await db.schema
    .createTable('user_group_roles')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('status', 'boolean', (c) => c.notNull().defaultTo(true))
    // One role per group per user (docs/product-spec.md §6).
    .addUniqueConstraint('user_group_roles_user_group', ['user_id', 'group_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['user_group_roles', 'role_activities', 'activities', 'roles', 'users', 'groups']) {
    await db.schema.dropTable(t).execute();
  }
}
