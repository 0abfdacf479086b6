import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadEnv, type Env } from '../../../src/server/env.js';
import { startServer, type RunningServer } from '../../../src/server/startServer.js';
import { createPgTestDatabase } from '../../../src/server/store/testing/pgTestDatabase.js';

export interface TestServer {
  url: string;
  env: Env;
  dataDir: string;
  server: RunningServer;
  close(): Promise<void>;
}

/**
 * Starts the real server on a free port with its own data folder and a small demo tenant.
 * With API_TEST_PG=1 the store and the warehouse go to fresh PostgreSQL databases instead.
 */
export async function startTestServer(
  overrides: Record<string, string> = {},
  options: { watchConfig?: boolean } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-api-'));
  const databases = process.env.API_TEST_PG === '1' ? await createPgDatabases() : null;
  const env = loadEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_SKUS: '60',
    DEMO_DAYS: '14',
    // The first-start crawl replaces a day in the background: only the crawl tests want it.
    DEMO_CRAWL_DAY: 'false',
    LOG_LEVEL: 'silent',
    ...(databases ? { DATABASE_URL: databases.store, WAREHOUSE_URL: databases.warehouse } : {}),
    ...overrides,
  });
  const server = await startServer(env, { watchConfig: options.watchConfig ?? false, logger: false });
  return {
    url: `http://127.0.0.1:${server.port}`,
    env,
    dataDir,
    server,
    async close() {
      await server.close();
      if (databases) await databases.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function createPgDatabases(): Promise<{ store: string; warehouse: string; drop(): Promise<void> }> {
  const store = await createPgTestDatabase('ss_store');
  const warehouse = await createPgTestDatabase('ss_wh');
  return {
    store: store.url,
    warehouse: warehouse.url,
    async drop() {
      await store.drop();
      await warehouse.drop();
    },
  };
}
