import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { TEST_PG_URL } from '../../../src/server/platform/warehouse/testing/pgTestWarehouse.js';
import { runAdminSql } from '../../../src/server/platform/store/testing/pgTestDatabase.js';

/**
 * A first start (PGlite's initdb, migrations, the demo tenant) costs 10-25 s and is the same for
 * every test server with the same settings. It is done once per `vitest run` and settings key;
 * each test server then starts on a copy: a data folder copied on disk, PostgreSQL databases
 * created from template databases. The copy is a restart of a finished first start, which the
 * product supports (startup.test.ts and the fault suite test first starts themselves).
 */

export interface TemplateCopy {
  dataDir: string;
  /** PostgreSQL store and warehouse databases, when API_TEST_PG=1. */
  databases: { store: string; warehouse: string } | null;
}

export interface TemplateBuild {
  dataDir: string;
  databases: { store: string; warehouse: string } | null;
}

/** Directory of this run's templates, or null outside a run that set one up (templatesSetup.ts). */
function runRoot(): { root: string; run: string } | null {
  let run: string | undefined;
  try {
    run = inject('firstStartTemplateRun');
  } catch {
    return null;
  }
  if (!run) return null;
  return { root: path.join(os.tmpdir(), 'shelfscope-templates', run), run };
}

/**
 * A copy of the template for `key`, building the template first (with `build`, which must leave
 * the first start finished and every connection closed) when this run has none yet. Null when no
 * template run is set up: the caller then does a plain first start.
 */
export async function copyOfTemplate(
  key: string,
  wantPg: boolean,
  build: (target: TemplateBuild) => Promise<void>,
  copyDataDir: string,
): Promise<TemplateCopy | null> {
  const where = runRoot();
  if (!where) return null;
  const id = createHash('sha256').update(`${key}|pg=${wantPg}`).digest('hex').slice(0, 12);
  const dir = path.join(where.root, id);
  const pgNames = wantPg
    ? { store: `ss_tpl_${where.run}_${id}_s`, warehouse: `ss_tpl_${where.run}_${id}_w` }
    : null;
  await ensureBuilt(dir, pgNames, build);
  cpSync(path.join(dir, 'data'), copyDataDir, { recursive: true });
  if (!pgNames) return { dataDir: copyDataDir, databases: null };
  const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const store = `ss_store_${suffix}`;
  const warehouse = `ss_wh_${suffix}`;
  await runAdminSql(`CREATE DATABASE ${store} TEMPLATE ${pgNames.store}`);
  await runAdminSql(`CREATE DATABASE ${warehouse} TEMPLATE ${pgNames.warehouse}`);
  return { dataDir: copyDataDir, databases: { store: pgUrl(store), warehouse: pgUrl(warehouse) } };
}

/** Builds the template once; a second caller (another test file's process) waits for the first. */
async function ensureBuilt(
  dir: string,
  pgNames: { store: string; warehouse: string } | null,
  build: (target: TemplateBuild) => Promise<void>,
): Promise<void> {
  const ready = path.join(dir, 'ready');
  const lock = `${dir}.lock`;
  mkdirSync(path.dirname(dir), { recursive: true });
  for (let waited = 0; !existsSync(ready); waited += 250) {
    if (tryLock(lock)) {
      try {
        if (existsSync(ready)) return;
        rmSync(dir, { recursive: true, force: true });
        mkdirSync(dir, { recursive: true });
        if (pgNames) {
          await runAdminSql(`DROP DATABASE IF EXISTS ${pgNames.store} WITH (FORCE)`);
          await runAdminSql(`DROP DATABASE IF EXISTS ${pgNames.warehouse} WITH (FORCE)`);
          await runAdminSql(`CREATE DATABASE ${pgNames.store}`);
          await runAdminSql(`CREATE DATABASE ${pgNames.warehouse}`);
        }
        await build({
          dataDir: path.join(dir, 'data'),
          databases: pgNames ? { store: pgUrl(pgNames.store), warehouse: pgUrl(pgNames.warehouse) } : null,
        });
        writeFileSync(ready, new Date().toISOString());
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
      return;
    }
    if (waited > 300_000) throw new Error(`first-start template ${dir} not built after 5 minutes`);
    await sleep(250);
  }
}

function tryLock(lock: string): boolean {
  try {
    mkdirSync(lock, { recursive: false });
    return true;
  } catch {
    return false;
  }
}

function pgUrl(database: string): string {
  return Object.assign(new URL(TEST_PG_URL), { pathname: `/${database}` }).href;
}

/** Drops this run's template databases (templatesSetup.ts calls it when the run ends). */
export async function dropTemplates(run: string): Promise<void> {
  rmSync(path.join(os.tmpdir(), 'shelfscope-templates', run), { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  try {
    await admin.connect();
  } catch {
    return; // no PostgreSQL here: no template databases either
  }
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`ss_tpl_${run}_%`],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
