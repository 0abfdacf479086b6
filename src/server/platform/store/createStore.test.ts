import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../settings/env.js';
import { createStore } from './createStore.js';
import { TEST_PG_URL } from '../warehouse/testing/pgTestWarehouse.js';
import { createPgTestDatabase } from './testing/pgTestDatabase.js';
import { storeMigrations } from '../../storeMigrations.js';

describe('createStore on PostgreSQL', () => {
  it('survives its idle connections being killed: no crash, the next query reconnects', async () => {
    const database = await createPgTestDatabase('ss_store_kill');
    const store = await createStore(
      loadEnv({ DATABASE_URL: database.url, DATA_DIR: '/nonexistent' }),
      storeMigrations(),
    );
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    try {
      expect(store.kind).toBe('postgres');
      await sql`SELECT 1`.execute(store.db);
      // The pool now holds an idle client; killing its backend makes that client emit 'error'.
      const killed = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [database.name],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const rows = await sql<{ n: number }>`SELECT COUNT(*)::int AS n FROM users`.execute(store.db);
      expect(rows.rows[0]!.n).toBe(0);
    } finally {
      await admin.end();
      await store.close();
      await database.drop();
    }
  });
});
