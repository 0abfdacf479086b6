/**
 * `npm run backup` on a running demo server, `npm run restore` into a fresh data folder (and fresh
 * databases with API_TEST_PG=1): a server started on the restore answers every monitoring screen's
 * first call and the store's screens exactly as the original did. A damaged archive, one made by
 * a newer Shelfscope and a data folder that is not empty are refused with one line, before
 * anything is written.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitoringQueries } from '../../scripts/bench/monitoringQueries.js';
import { loadEnv } from '../../src/server/platform/settings/env.js';
import { startServer } from '../../src/server/startServer.js';
import { restoreBackup } from '../../src/server/platform/backup/restore.js';
import { runTar } from '../../src/server/platform/backup/snapshots.js';
import type { BackupManifest } from '../../src/server/platform/backup/backup.js';
import {
  createPgTestDatabase,
  type PgTestDatabase,
} from '../../src/server/platform/store/testing/pgTestDatabase.js';
import { storeMigrations } from '../../src/server/storeMigrations.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';
import { serverEntry } from '../support/serverEntry.js';

const onPg = process.env.API_TEST_PG === '1';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-backup-test-'));
const archive = path.join(tmp, 'backup.tar.gz');
let original: TestServer;
let restored: TestServer | undefined;
const databases: PgTestDatabase[] = [];

/**
 * `npm run backup|restore` as the operator runs it: the command in its own process (not spawnSync:
 * the server under test runs in this process and must answer the command's snapshot request).
 */
function ops(args: string[], env: Record<string, string>): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...serverEntry('ops'), ...args],
      { env: { ...process.env, LOG_LEVEL: 'silent', ...env }, encoding: 'utf8', timeout: 120_000 },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ status, out: `${stdout}${stderr}`.trim() });
      },
    );
  });
}

/**
 * The answer with its floats to 10 significant digits: a sum over the same rows read in another
 * physical order (a restored table) differs in the last bits of a double. A sum whose terms cancel
 * lands a few units of the last place either side of 0 (9e-18, -9e-18): under 1e-9 reads as 0.
 */
function rounded<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) =>
      typeof v === 'number' ? (Math.abs(v) < 1e-9 ? 0 : Number(v.toPrecision(10))) : v,
    ),
  ) as T;
}

/** Every monitoring screen's opening call and the store-backed admin lists, as one client sees them. */
async function answers(client: ApiClient, server: TestServer): Promise<Record<string, unknown>> {
  const [last] = await server.server.app.deps.warehouse.query<{ d: string }>(
    'SELECT MAX(last_crawl_date) AS d FROM crawl_log WHERE group_id = 1',
  );
  const out: Record<string, unknown> = {};
  for (const q of monitoringQueries(server.server.app.deps.config.current(), String(last!.d))) {
    // A grid's page is cut from rows that may tie on its sort: ask for them all (as far as 500)
    // and compare them as a set; a grid longer than that is compared by its total and page size.
    const params = q.ctx.query.paged ? { ...q.params, limit: '500' } : q.params;
    const res = await client.get<{ rows?: unknown[]; total?: number }>(q.endpoint, params);
    const data = rounded(res.body.data);
    const rows = data?.rows?.map((row) => JSON.stringify(row)).sort();
    const whole = !rows || data?.total === undefined || data.total <= rows.length;
    out[`${q.endpoint}?${new URLSearchParams(params).toString()}`] = [
      res.status,
      { ...data, rows: whole ? rows : rows.length },
    ];
  }
  // Store screens whose rows a sign-in does not change (the user grid shows last logins).
  for (const route of ['roles', 'admin/roles', 'groups/all', 'alert-rules']) {
    const res = await client.get(route);
    expect(res.status, route).toBe(200);
    out[route] = res.body.data;
  }
  return out;
}

/**
 * Equal answers, numbers to one part in a million: a sum read in another order can carry into the
 * last digit the server keeps (6060.63 / 64 = 94.69734375 read 94.6973437, then 94.6973438), which
 * no rounding here can hide, as a value on a half rounds either way. Rows are JSON texts.
 */
function sameAnswer(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));
  if (typeof a === 'string' && typeof b === 'string')
    return a === b || (a.startsWith('{') && b.startsWith('{') && sameAnswer(JSON.parse(a), JSON.parse(b)));
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => sameAnswer(x, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
    const keys = Object.keys(x);
    return keys.length === Object.keys(y).length && keys.every((k) => sameAnswer(x[k], y[k]));
  }
  return a === b;
}

/** One answer's difference, short enough to read: its rows on one side only, else both answers. */
function whatDiffers(key: string, before: unknown, after: unknown): string {
  const rowsOf = (answer: unknown) => {
    const rows = (answer as [number, { rows?: unknown }])[1]?.rows;
    return Array.isArray(rows) ? (rows as string[]) : undefined;
  };
  const [was, now] = [rowsOf(before), rowsOf(after)];
  if (!was || !now) return `${key}: ${JSON.stringify({ before, after }).slice(0, 1500)}`;
  const gone = was.filter((row) => !now.includes(row));
  const added = now.filter((row) => !was.includes(row));
  return `${key}: ${was.length} rows before, ${now.length} after; only before: ${gone.slice(0, 3).join(' ')}; only after: ${added.slice(0, 3).join(' ')}`;
}

async function settingsFor(dataDir: string): Promise<Record<string, string>> {
  if (!onPg) return { DATA_DIR: dataDir };
  const store = await createPgTestDatabase('ss_restore_store');
  const warehouse = await createPgTestDatabase('ss_restore_wh');
  databases.push(store, warehouse);
  return { DATA_DIR: dataDir, DATABASE_URL: store.url, WAREHOUSE_URL: warehouse.url };
}

beforeAll(async () => {
  original = await startTestServer();
}, 240_000);

afterAll(async () => {
  await restored?.server.close();
  await original?.close();
  for (const db of databases) await db.drop();
  rmSync(tmp, { recursive: true, force: true });
});

describe('backup and restore', () => {
  let before: Record<string, unknown>;

  it('backs up the running server and restores into a fresh data folder with the same answers', async () => {
    const demo = await signIn(original);
    before = await answers(demo, original);
    expect(Object.keys(before).length).toBeGreaterThan(40);

    const source = {
      DATA_DIR: original.dataDir,
      ...(onPg ? { DATABASE_URL: original.env.DATABASE_URL, WAREHOUSE_URL: original.env.WAREHOUSE_URL } : {}),
    };
    const backup = await ops(['backup', archive], source);
    expect(backup.out, backup.out).toMatch(/^Backed up the store \((pglite|postgres), \d+ migrations\)/);
    expect(backup.status).toBe(0);

    const target = await settingsFor(path.join(tmp, 'restored'));
    const restore = await ops(['restore', archive], target);
    expect(restore.out).toMatch(/^Restored .*backup\.tar\.gz \(Shelfscope .*\) into /);
    expect(restore.status).toBe(0);
    // The data folder's own files came along: the key that seals mailer secrets and signs links.
    expect(readFileSync(path.join(tmp, 'restored', 'secret.key'))).toEqual(
      readFileSync(path.join(original.dataDir, 'secret.key')),
    );

    const env = loadEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_CRAWL_DAY: 'false',
      LOG_LEVEL: 'silent',
      ...target,
    });
    const server = await startServer(env, { watchConfig: false, logger: false });
    restored = {
      url: `http://127.0.0.1:${server.port}`,
      env,
      dataDir: env.DATA_DIR,
      server,
      close: () => server.close(),
    };
    const after = await answers(await signIn(restored), restored);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    const differing = Object.keys(before).filter((k) => !sameAnswer(before[k], after[k]));
    expect(differing, differing.map((k) => whatDiffers(k, before[k], after[k])).join('\n')).toEqual([]);
  }, 480_000);

  it('refuses a damaged archive, a newer one and a data folder that is not empty, writing nothing', async () => {
    const known = Object.keys(storeMigrations());
    const fresh = (name: string) => loadEnv({ DATA_DIR: path.join(tmp, name) });
    // Embedded settings: the refusals come before any engine is touched.
    const bytes = readFileSync(archive);
    const damaged = path.join(tmp, 'damaged.tar.gz');
    writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(restoreBackup(fresh('d1'), damaged, known)).rejects.toThrow(
      /^The backup .* is damaged or not a backup: /,
    );

    // A file changed inside an intact archive: its checksum differs.
    const unpacked = path.join(tmp, 'unpacked');
    mkdirSync(unpacked);
    await runTar(['-xzf', archive, '-C', unpacked], 'unpack');
    const manifestFile = path.join(unpacked, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
    const storeFile = path.join(unpacked, manifest.store.file);
    const storeBytes = readFileSync(storeFile);
    writeFileSync(storeFile, Buffer.concat([storeBytes, Buffer.from('x')]));
    const tampered = path.join(tmp, 'tampered.tar.gz');
    await runTar(['-czf', tampered, '-C', unpacked, '.'], 'pack');
    await expect(restoreBackup(fresh('d2'), tampered, known)).rejects.toThrow(
      `The backup is damaged: ${manifest.store.file} differs from its checksum`,
    );
    writeFileSync(storeFile, storeBytes);

    // A store that ran a migration this version does not have.
    writeFileSync(
      manifestFile,
      JSON.stringify({
        ...manifest,
        store: { ...manifest.store, migrations: [...manifest.store.migrations, '999_later'] },
      }),
    );
    const newer = path.join(tmp, 'newer.tar.gz');
    await runTar(['-czf', newer, '-C', unpacked, '.'], 'pack');
    await expect(restoreBackup(fresh('d3'), newer, known)).rejects.toThrow(
      /^This backup was made by a newer Shelfscope \(.*\): its store has run migrations this version does not have \(999_later\)/,
    );

    const used = path.join(tmp, 'used');
    mkdirSync(used);
    writeFileSync(path.join(used, 'something'), '');
    if (!onPg)
      await expect(restoreBackup(fresh('used'), archive, known)).rejects.toThrow(
        /^DATA_DIR .*used is not empty: a restore goes into an empty data folder/,
      );
    for (const name of ['d1', 'd2', 'd3']) expect(() => readFileSync(path.join(tmp, name))).toThrow();
  }, 60_000);
});
