import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPostgresWarehouse } from '../postgres/postgresWarehouse.js';
import type { Warehouse } from '../warehouse.js';

export const TEST_PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A PostgreSQL warehouse inside a fresh schema `wh_test_<random>`; `drop()` closes it and drops
 * the schema. Tests share one server without seeing each other's tables.
 */
export async function createPgTestWarehouse(): Promise<{ wh: Warehouse; drop: () => Promise<void> }> {
  const schema = `wh_test_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const wh = createPostgresWarehouse(TEST_PG_URL, { searchPath: schema, maxConnections: 4 });
  return {
    wh,
    drop: async () => {
      await wh.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}
