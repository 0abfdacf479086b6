/**
 * A real server for the access tests: buildApp over a PGlite store in a temp folder (or a fresh
 * PostgreSQL database with API_TEST_PG=1), the DuckDB warehouse and a small fixed config, so the
 * access rules are tested apart from the product's screen files.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadEnv, type Env } from '../../src/server/platform/settings/env.js';
import { createStore } from '../../src/server/platform/store/createStore.js';
import { createWarehouse } from '../../src/server/platform/warehouse/createWarehouse.js';
import { seedStore } from '../../src/server/demo/seedStore.js';
import type { ConfigRegistry } from '../../src/server/language/config/configRegistry.js';
import {
  smallConfigSnapshot,
  testArea,
  testScreen,
} from '../../src/server/access/auth/testing/smallConfig.js';
import type { Deps } from '../../src/server/platform/deps.js';
import { ApiClient } from './support/apiClient.js';
import {
  createPgTestDatabase,
  dropPgTestDatabase,
} from '../../src/server/platform/store/testing/pgTestDatabase.js';
import { copyOfTemplate } from './support/firstStartTemplate.js';
import { storeMigrations } from '../../src/server/storeMigrations.js';

export const PASSWORD = 'Demo@2026!';
export const DEMO = 'demo@shelfscope.test';

/** A small fixed config; `addArea` simulates a hot reload that brings a new area and screens. */
export function fixedConfig(): ConfigRegistry & { addArea(id: string, label: string, tabs: string[]): void } {
  let snapshot = smallConfigSnapshot();
  return {
    current: () => snapshot,
    lastProblems: () => [],
    close: () => Promise.resolve(),
    addArea(id, label, tabs) {
      const added = tabs.map((t) => testScreen(id, t, t.toUpperCase()));
      snapshot = {
        ...snapshot,
        version: snapshot.version + 1,
        areas: new Map([...snapshot.areas, [id, testArea(id, label, 40, tabs)]]),
        screens: new Map([...snapshot.screens, ...added.map((s) => [`${s.area}/${s.id}`, s] as const)]),
      };
    },
  };
}

export interface AuthServer {
  url: string;
  env: Env;
  deps: Deps;
  config: ReturnType<typeof fixedConfig>;
  app: FastifyInstance;
  client(): ApiClient;
  close(): Promise<void>;
}

export async function startAuthServer(): Promise<AuthServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-auth-'));
  const wantPg = process.env.API_TEST_PG === '1';
  const authEnv = (dir: string, storeUrl: string | null) =>
    loadEnv({
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      DEMO_USER: DEMO,
      DEMO_PASSWORD: PASSWORD,
      ...(storeUrl ? { DATABASE_URL: storeUrl } : {}),
    });
  // The migrated, seeded store is built once per run and copied (support/firstStartTemplate.ts).
  const copy = await copyOfTemplate(
    'auth-harness',
    wantPg,
    async (target) => {
      const env = authEnv(target.dataDir, target.databases?.store ?? null);
      const store = await createStore(env, storeMigrations());
      const warehouse = await createWarehouse(env);
      await seedStore(store, env, fixedConfig());
      await warehouse.close();
      await store.close();
    },
    dataDir,
  );
  const databases = copy
    ? copy.databases
    : wantPg
      ? { store: (await createPgTestDatabase('ss_auth')).url, warehouse: null }
      : null;
  const env = authEnv(dataDir, databases?.store ?? null);
  const store = await createStore(env, storeMigrations());
  const warehouse = await createWarehouse(env);
  const config = fixedConfig();
  await seedStore(store, env, config);
  const deps: Deps = { env, store, warehouse, config };
  const app = await buildApp(deps, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    env,
    deps,
    config,
    app,
    client: () => new ApiClient(url),
    async close() {
      await app.close();
      await warehouse.close();
      await store.close();
      if (databases?.store) await dropPgTestDatabase(databases.store);
      if (databases?.warehouse) await dropPgTestDatabase(databases.warehouse);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Decoded text of the e-mails sent to `to`, newest first. */
export function mailsTo(server: AuthServer, to: string): string[] {
  const outbox = path.join(server.env.DATA_DIR, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith('.eml') && f.includes(to.toLowerCase()));
  } catch {
    return [];
  }
  return files
    .sort()
    .reverse()
    .map((f) =>
      readFileSync(path.join(outbox, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    );
}

/** The newest OTP mailed to `to`. */
export function otpFor(server: AuthServer, to: string): string {
  for (const mail of mailsTo(server, to)) {
    const m = /verification code is (\d{6})/.exec(mail);
    if (m) return m[1]!;
  }
  throw new Error(`no OTP mailed to ${to}`);
}

/** The newest link with `param`= mailed to `to`, and its token. */
export function linkFor(
  server: AuthServer,
  to: string,
  param: 'token' | 'verify_token',
): { link: string; token: string } {
  for (const mail of mailsTo(server, to)) {
    const m = new RegExp(`(https?://\\S+?[?&]${param}=([\\w-]+))`).exec(mail);
    if (m) return { link: m[1]!, token: m[2]! };
  }
  throw new Error(`no ${param} link mailed to ${to}`);
}

/** Credentials -> OTP from the outbox -> group: an active session on the returned client. */
export async function login(
  server: AuthServer,
  user = DEMO,
  password = PASSWORD,
  groupId = 1,
  client = server.client(),
): Promise<ApiClient> {
  const auth = await client.post('authenticate', { username: user, password });
  if (auth.status !== 200) throw new Error(`authenticate ${auth.status} ${auth.body.msg}`);
  if (!auth.body.settrustbrowser) {
    const otp = await client.post('verifyotp', { otp: otpFor(server, user) });
    if (otp.status !== 200) throw new Error(`verifyotp ${otp.status} ${otp.body.msg}`);
  }
  const group = await client.post('selectGroup', { group_id: groupId });
  if (group.status !== 200) throw new Error(`selectGroup ${group.status} ${group.body.msg}`);
  return client;
}
