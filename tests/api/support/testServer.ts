import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadEnv, type Env } from '../../../src/server/env.js';
import { startServer, type RunningServer } from '../../../src/server/startServer.js';

export interface TestServer {
  url: string;
  env: Env;
  dataDir: string;
  server: RunningServer;
  close(): Promise<void>;
}

const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Starts the real server on a free port with its own data folder and a small demo tenant.
 * With API_TEST_PG=1 the store and the warehouse go to fresh PostgreSQL databases instead.
 */
export async function startTestServer(overrides: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-api-'));
  const databases = process.env.API_TEST_PG === '1' ? await createPgDatabases() : null;
  const env = loadEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_SKUS: '60',
    DEMO_DAYS: '14',
    LOG_LEVEL: 'silent',
    ...(databases ? { DATABASE_URL: databases.store, WAREHOUSE_URL: databases.warehouse } : {}),
    ...overrides,
  });
  const server = await startServer(env, { watchConfig: false, logger: false });
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
  const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const names = [`ss_store_${suffix}`, `ss_wh_${suffix}`];
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  for (const name of names) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const base = new URL(PG_ADMIN_URL);
  const urlOf = (name: string): string => Object.assign(new URL(base.href), { pathname: `/${name}` }).href;
  return {
    store: urlOf(names[0]!),
    warehouse: urlOf(names[1]!),
    async drop() {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      for (const name of names) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
