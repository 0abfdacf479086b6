import pg from 'pg';
import { createPostgresWarehouse } from '../../src/server/platform/warehouse/postgres/postgresWarehouse.js';
import type { Warehouse } from '../../src/server/platform/warehouse/warehouse.js';

/**
 * A bench's PostgreSQL warehouse in a schema of its own in `pgUrl`'s database (made when missing),
 * kept between runs: a tenant takes minutes to load into PostgreSQL on this machine.
 */
export async function pgSchemaWarehouse(pgUrl: string, schema: string): Promise<Warehouse> {
  const server = new URL(pgUrl);
  const database = server.pathname.slice(1);
  server.pathname = '/postgres';
  const root = new pg.Client({ connectionString: server.toString() });
  await root.connect();
  const found = await root.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (found.rowCount === 0 && /^[a-z_][a-z0-9_]*$/.test(database))
    await root.query(`CREATE DATABASE ${database}`);
  await root.end();
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await admin.end();
  return createPostgresWarehouse(pgUrl, { searchPath: schema, maxConnections: 4 });
}
