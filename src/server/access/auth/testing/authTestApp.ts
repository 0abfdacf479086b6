/**
 * The real app (buildApp) over the real embedded store (PGlite, migrated by createStore as the
 * product does it, seeded with the demo tenants) and a real DuckDB warehouse, driven in-process with
 * `app.inject()`: the auth unit tests reach the routes and services without a port. The migrated,
 * seeded store is built once per machine and content of its inputs, then copied for each test file
 * (a first start costs 10-25 s on a loaded machine; a copy and a restart a few seconds).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app.js';
import type { Deps } from '../../../platform/deps.js';
import { loadEnv, type Env } from '../../../platform/settings/env.js';
import { createStore } from '../../../platform/store/createStore.js';
import { createWarehouse } from '../../../platform/warehouse/createWarehouse.js';
import { seedStore } from '../../../demo/seedStore.js';
import { startSession, activeExpiry } from '../sessions.js';
import { randomToken } from '../secrets.js';
import { latestOtp } from '../../../../../tests/support/outbox.js';
import { smallConfig } from './smallConfig.js';
import { createMailer } from '../../../platform/mail/mailer.js';
import { loadSecretKey } from '../secrets.js';
import type { AuthKit } from '../kit.js';
import { storeMigrations } from '../../../storeMigrations.js';

export const DEMO = 'demo@shelfscope.test';
export const ANALYST = 'analyst@shelfscope.test';
export const STAFF = 'staff@shelfscope.test';
export const RIVAL = 'rival@shelfscope.test';
export const MULTI = 'multi@shelfscope.test';
export const PASSWORD = 'Demo@2026!';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../../..');

function envFor(dataDir: string): Env {
  return loadEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_USER: DEMO,
    DEMO_PASSWORD: PASSWORD,
    SECRET_KEY: 'unit-test-secret-key-0123456789-abcdefghij',
  });
}

/** Changes to the migrations or the seed make a new template. */
function templateKey(): string {
  const hash = createHash('sha256');
  const migrations = path.join(serverDir, 'platform/store/migrations');
  for (const name of readdirSync(migrations).sort()) hash.update(readFileSync(path.join(migrations, name)));
  for (const file of ['demo/seedStore.ts', 'demo/seedDirectory.ts', 'access/auth/testing/smallConfig.ts'])
    hash.update(readFileSync(path.join(serverDir, file)));
  return hash.digest('hex').slice(0, 16);
}

/** The template data folder (store only), built on first use; concurrent builders race to a rename. */
async function template(): Promise<string> {
  const dir = path.join(os.tmpdir(), `shelfscope-auth-unit-${templateKey()}`);
  if (existsSync(path.join(dir, 'store'))) return dir;
  const build = mkdtempSync(`${dir}-build-`);
  const env = envFor(build);
  const store = await createStore(env, storeMigrations());
  await seedStore(store, env, smallConfig());
  await store.close();
  try {
    renameSync(build, dir);
  } catch {
    rmSync(build, { recursive: true, force: true });
  }
  return dir;
}

export interface AuthTestApp {
  app: FastifyInstance;
  deps: Deps;
  env: Env;
  /** A browser: keeps the cookies the app sets and echoes the CSRF cookie as the header. */
  browser(): Browser;
  userId(name: string): Promise<number>;
  /** An active session of `user` in `groupId`, started as selectGroup starts one; returns a browser holding it. */
  sessionOf(name: string, groupId?: number): Promise<Browser>;
  latestOtp(name: string): string;
  /** What the auth services take (the plugin's own kit is inside the /api context). */
  kit: AuthKit;
  close(): Promise<void>;
}

export interface Answer {
  status: number;
  body: { statusCode?: number; msg?: string; data?: unknown } & Record<string, unknown>;
  headers: Record<string, string | string[] | number | undefined>;
  /** Set-Cookie headers of this answer, raw. */
  setCookies: string[];
}

export class Browser {
  readonly cookies = new Map<string, string>();
  readonly headers: Record<string, string> = {};

  /** Starts with the CSRF cookie the SPA's page hands out (any value: double submit compares the two). */
  constructor(private readonly app: FastifyInstance) {
    this.cookies.set('csrf', randomToken());
  }

  async call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<Answer> {
    const csrf = this.cookies.get('csrf');
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: {
        ...(cookie && { cookie }),
        ...(csrf && { 'x-csrf-token': csrf }),
        ...this.headers,
      },
      ...(payload !== undefined && { payload: payload as object }),
    });
    const raw = res.headers['set-cookie'];
    const setCookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    for (const c of res.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const cleared = c.value === '' || (c.expires && c.expires.getTime() <= Date.now()) || c.maxAge === 0;
      if (cleared) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const text = res.body;
    return {
      status: res.statusCode,
      body: text ? (JSON.parse(text) as Answer['body']) : {},
      headers: res.headers,
      setCookies,
    };
  }

  get = (url: string) => this.call('GET', url);
  post = (url: string, payload: unknown = {}) => this.call('POST', url, payload);
  delete = (url: string) => this.call('DELETE', url);
}

export async function startAuthTestApp(): Promise<AuthTestApp> {
  const source = await template();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-auth-unit-run-'));
  cpSync(source, dataDir, { recursive: true });
  const env = envFor(dataDir);
  const store = await createStore(env, storeMigrations());
  const warehouse = await createWarehouse(env);
  const deps: Deps = { env, store, warehouse, config: smallConfig() };
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  const userId = async (name: string) =>
    (await store.db.selectFrom('users').select('id').where('user_name', '=', name).executeTakeFirstOrThrow())
      .id;
  return {
    app,
    deps,
    env,
    browser: () => new Browser(app),
    userId,
    async sessionOf(name, groupId = 1) {
      const { token } = await startSession(store.db, {
        user_id: await userId(name),
        group_id: groupId,
        stage: 'active',
        otp_verified: true,
        expires_at: activeExpiry(env),
      });
      const browser = new Browser(app);
      browser.cookies.set('sid', token);
      return browser;
    },
    latestOtp: (name) => latestOtp(dataDir, name),
    kit: { deps, mailer: createMailer(env, app.log), secret: loadSecretKey(env), log: app.log },
    async close() {
      await app.close();
      await warehouse.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
