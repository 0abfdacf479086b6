import { sql, type Kysely } from 'kysely';

/** Failed sign-in steps per account (accountBudget.ts): one row per user with recent failures. */
export interface AccountFailuresTable {
  user_id: number;
  failures: number;
  last_failure_at: Date;
  locked_until: Date | null;
  /** When the user was last told by e-mail; one mail per lock-out episode. */
  notified_at: Date | null;
}

declare module '../../platform/store/storeDatabase.js' {
  interface StoreDatabase {
    account_failures: AccountFailuresTable;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_failures')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('notified_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_failures').execute();
}
