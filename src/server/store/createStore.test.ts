import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env.js';
import { createStore } from './createStore.js';
import { TEST_PG_URL } from '../warehouse/testing/pgTestWarehouse.js';

describe('createStore on PostgreSQL', () => {
  it('survives its idle connections being killed: no crash, the next query reconnects', async () => {
    const name = `ss_store_kill_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = Object.assign(new URL(TEST_PG_URL), { pathname: `/${name}` }).href;
    const store = await createStore(loadEnv({ DATABASE_URL: url, DATA_DIR: '/nonexistent' }));
    try {
      expect(store.kind).toBe('postgres');
      await sql`SELECT 1`.execute(store.db);
      // The pool now holds an idle client; killing its backend makes that client emit 'error'.
      const killed = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const rows = await sql<{ n: number }>`SELECT COUNT(*)::int AS n FROM users`.execute(store.db);
      expect(rows.rows[0]!.n).toBe(0);
    } finally {
      await store.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
