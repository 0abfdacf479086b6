import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Env } from '../settings/env.js';
import { createDuckDbWarehouse } from './duckdb/duckDbWarehouse.js';
import { createPostgresWarehouse } from './postgres/postgresWarehouse.js';
import { createSchema } from './schema/createSchema.js';
import type { Warehouse } from './warehouse.js';

/**
 * The warehouse the server uses: PostgreSQL when WAREHOUSE_URL is set, else embedded DuckDB in
 * DATA_DIR/warehouse.duckdb. Tables are created if missing, so a fresh DATA_DIR just works.
 */
export async function createWarehouse(env: Pick<Env, 'DATA_DIR' | 'WAREHOUSE_URL'>): Promise<Warehouse> {
  let wh: Warehouse;
  if (env.WAREHOUSE_URL) {
    wh = createPostgresWarehouse(env.WAREHOUSE_URL);
  } else {
    await mkdir(env.DATA_DIR, { recursive: true });
    wh = await createDuckDbWarehouse(join(env.DATA_DIR, 'warehouse.duckdb'));
  }
  try {
    await createSchema(wh);
  } catch (error) {
    await wh.close();
    throw error;
  }
  return wh;
}
