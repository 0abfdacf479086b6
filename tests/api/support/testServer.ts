import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadEnv, type Env } from '../../../src/server/platform/settings/env.js';
import { startServer, type RunningServer } from '../../../src/server/startServer.js';
import {
  createPgTestDatabase,
  dropPgTestDatabase,
} from '../../../src/server/platform/store/testing/pgTestDatabase.js';
import { copyOfTemplate } from './firstStartTemplate.js';
import { untilServing } from '../../support/serving.js';

export interface TestServer {
  url: string;
  env: Env;
  dataDir: string;
  server: RunningServer;
  close(): Promise<void>;
}

const BASE = {
  PORT: '0',
  HOST: '127.0.0.1',
  DEMO_SKUS: '60',
  DEMO_DAYS: '14',
  // The first-start crawl replaces a day in the background: only the crawl tests want it (and
  // a server that sets it starts fresh, not from a copy).
  DEMO_CRAWL_DAY: 'false',
  LOG_LEVEL: 'silent',
};

/**
 * Settings that do not change what a first start writes: a server with only these (and the demo
 * tenant's size and seed) starts on a copy of this run's finished first start.
 */
const RUNTIME_ONLY = new Set([
  'PORT',
  'SMTP_URL',
  'REALTIME_RECHECK_MS',
  'LOGIN_RATE_PER_ADDRESS',
  'LOGIN_ATTEMPTS_PER_NAME',
  'AUTH_CACHE_MS',
  'RESULT_CACHE_MB',
  'LOG_LEVEL',
  'TRUST_PROXY',
  'COOKIE_SECURE',
  'METRICS_TOKEN',
  'OUTBOUND_ALLOW',
  'DELIVERY_CONNECT_TIMEOUT_MS',
  'DELIVERY_TIMEOUT_MS',
  // The fixture market starts anew with each server: its walls change no first start.
  'DEMO_MARKET_WALLS_PCT',
  'DEMO_MARKET_SOFT404_PCT',
  'PLAYWRIGHT_CHROMIUM',
  'CRAWL_PROXY_KEY',
  // Sign in with Microsoft is read at sign-in: a provider changes no first start.
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_REDIRECT_URL',
]);
const DEMO_SHAPE = new Set(['DEMO_SEED', 'DEMO_SKUS', 'DEMO_DAYS', 'DEMO_CHANNELS']);

/**
 * Starts the real server on a free port with its own data folder and a small demo tenant.
 * With API_TEST_PG=1 the store and the warehouse go to fresh PostgreSQL databases instead.
 */
export async function startTestServer(
  overrides: Record<string, string> = {},
  options: {
    watchConfig?: boolean;
    /** Return before the API is served (the readiness tests). */ notReadyYet?: boolean;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-api-'));
  const wantPg = process.env.API_TEST_PG === '1';
  const copy = usesTemplate(overrides) ? await templateCopy(overrides, wantPg, dataDir) : null;
  const databases = copy ? copy.databases : wantPg ? await createPgDatabases() : null;
  const env = loadEnv({
    ...BASE,
    DATA_DIR: dataDir,
    ...(databases ? { DATABASE_URL: databases.store, WAREHOUSE_URL: databases.warehouse } : {}),
    ...overrides,
  });
  const server = await startServer(env, { watchConfig: options.watchConfig ?? false, logger: false });
  // With the first-start crawl on, the API answers 503 until the crawl has filled its day.
  if (env.DEMO_CRAWL_DAY && !options.notReadyYet) await untilServing(`http://127.0.0.1:${server.port}`);
  return {
    url: `http://127.0.0.1:${server.port}`,
    env,
    dataDir,
    server,
    async close() {
      await server.close();
      if (databases) await dropDatabases(databases);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A data folder holding this run's finished first start of the demo tenant with `shape` (a copy
 * of the template the test servers start on), and the settings that start a server process
 * (tests/faults/support/serverProcess.ts) on it as a restart: the kill tests test a job cut
 * short, not a first start. Outside a template run the folder is empty and the process's own
 * first start fills it with the same settings.
 */
export async function firstStartCopy(
  shape: Record<string, string> = {},
): Promise<{ dataDir: string; settings: Record<string, string> }> {
  if (!Object.keys(shape).every((k) => DEMO_SHAPE.has(k))) throw new Error('only DEMO_* shape settings');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-api-'));
  await templateCopy(shape, false, dataDir);
  const { DEMO_SKUS, DEMO_DAYS, DEMO_CRAWL_DAY } = BASE;
  return { dataDir, settings: { DATA_DIR: dataDir, DEMO_SKUS, DEMO_DAYS, DEMO_CRAWL_DAY, ...shape } };
}

function usesTemplate(overrides: Record<string, string>): boolean {
  return Object.entries(overrides).every(
    ([k, v]) => RUNTIME_ONLY.has(k) || DEMO_SHAPE.has(k) || (k === 'SCREENS_DIR' && sameAsTrackedScreens(v)),
  );
}

/**
 * A copy of the screens folder (the config editor's tests edit one) changes no first start while
 * its files are still the tracked folder's, byte for byte: such a server starts on the template
 * too (a first start of its own cost 12-16 s of CPU).
 */
const TRACKED_SCREENS = 'screens';
let trackedScreensHash: string | undefined;
function sameAsTrackedScreens(dir: string): boolean {
  if (path.resolve(dir) === path.resolve(TRACKED_SCREENS)) return true;
  trackedScreensHash ??= folderHash(TRACKED_SCREENS);
  return folderHash(dir) === trackedScreensHash;
}

/** The hash of a folder's file names and contents. */
function folderHash(root: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(path.join(root, file)));
  return hash.digest('hex');
}

/** A copy of this run's first start with the same demo shape (null outside a template run). */
async function templateCopy(
  overrides: Record<string, string>,
  wantPg: boolean,
  dataDir: string,
): Promise<{ databases: { store: string; warehouse: string } | null } | null> {
  const shape = { ...BASE, ...overrides };
  const key = JSON.stringify([...DEMO_SHAPE].map((k) => [k, shape[k as keyof typeof shape] ?? '']));
  return copyOfTemplate(
    key,
    wantPg,
    async (target) => {
      const env = loadEnv({
        ...BASE,
        ...Object.fromEntries(Object.entries(overrides).filter(([k]) => DEMO_SHAPE.has(k))),
        DATA_DIR: target.dataDir,
        ...(target.databases
          ? { DATABASE_URL: target.databases.store, WAREHOUSE_URL: target.databases.warehouse }
          : {}),
      });
      const first = await startServer(env, { watchConfig: false, logger: false });
      await first.close();
    },
    dataDir,
  );
}

interface PgDatabases {
  store: string;
  warehouse: string;
}

async function createPgDatabases(): Promise<PgDatabases> {
  const store = await createPgTestDatabase('ss_store');
  const warehouse = await createPgTestDatabase('ss_wh');
  return { store: store.url, warehouse: warehouse.url };
}

async function dropDatabases(databases: PgDatabases): Promise<void> {
  await dropPgTestDatabase(databases.store);
  await dropPgTestDatabase(databases.warehouse);
}
