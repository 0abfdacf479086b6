/**
 * Upgrades: the current server started on the store and warehouse of a previous release
 * (tests/fixtures/upgrade; PGlite and DuckDB, or with API_TEST_PG=1 PostgreSQL for both) runs the
 * migrations that store lacks, once, keeps every row of both and serves the screens on the old
 * warehouse's days; a migration that fails stops the start with one line naming it and its cause,
 * and leaves the store as it was.
 */
import { PGlite } from '@electric-sql/pglite';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { monitoringQueries } from '../../scripts/bench/monitoringQueries.js';
import { loadConfigSnapshot } from '../../src/server/language/config/loadConfigRegistry.js';
import { withPg } from '../../src/server/platform/backup/snapshots.js';
import {
  createPgTestDatabase,
  type PgTestDatabase,
} from '../../src/server/platform/store/testing/pgTestDatabase.js';
import { storeMigrations } from '../../src/server/storeMigrations.js';
import { PLATFORM_ACTIVITIES } from '../../src/shared/admin/adminActivities.js';
import { loginDemo } from '../faults/support/login.js';
import { startServerProcess } from '../faults/support/serverProcess.js';
import { previousCounts, writePreviousDuckdb, writePreviousPostgres } from './support/previousWarehouse.js';
import { serverEntry } from '../support/serverEntry.js';

const onPg = process.env.API_TEST_PG === '1';
const FIXTURE = readFileSync('tests/fixtures/upgrade/store-7dd3044.sql', 'utf8');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-upgrade-'));
const databases: PgTestDatabase[] = [];
afterAll(async () => {
  for (const db of databases) await db.drop();
  rmSync(tmp, { recursive: true, force: true });
});

interface FixtureStore {
  settings: Record<string, string>;
  /** Reads the store while no server holds it. */
  query<T>(sql: string): Promise<T[]>;
}

/** Adds the previous release's warehouse to a previous store's data folder (or a fresh database). */
async function withPreviousWarehouse(store: FixtureStore) {
  const dataDir = store.settings.DATA_DIR!;
  if (onPg) {
    const db = await createPgTestDatabase('ss_upgrade_wh');
    databases.push(db);
    await writePreviousPostgres(db.url, dataDir);
    return {
      settings: { ...store.settings, WAREHOUSE_URL: db.url },
      counts: () => previousCounts({ pgUrl: db.url }),
    };
  }
  const duckdbFile = path.join(dataDir, 'warehouse.duckdb');
  await writePreviousDuckdb(duckdbFile);
  return { settings: store.settings, counts: () => previousCounts({ duckdbFile }) };
}

/** A data folder (or database) holding the previous release's store, plus `extraSql`. */
async function previousRelease(name: string, extraSql = ''): Promise<FixtureStore> {
  const dataDir = path.join(tmp, name);
  if (onPg) {
    const db = await createPgTestDatabase('ss_upgrade');
    databases.push(db);
    await withPg(db.url, (sql) => sql.query(FIXTURE + extraSql));
    return {
      settings: { DATA_DIR: dataDir, DATABASE_URL: db.url },
      query: (text) => withPg(db.url, (sql) => sql.query(text)),
    };
  }
  const dir = path.join(dataDir, 'store');
  mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  await pglite.exec(FIXTURE + extraSql);
  await pglite.close();
  return {
    settings: { DATA_DIR: dataDir },
    async query<T>(text: string) {
      const db = await PGlite.create(dir);
      try {
        return (await db.query<T>(text)).rows;
      } finally {
        await db.close();
      }
    },
  };
}

const LEDGER = 'SELECT name, timestamp::text AS at FROM public.kysely_migration ORDER BY name';
const COUNTS = `SELECT table_name AS t, (xpath('/row/n/text()',
  query_to_xml('SELECT count(*) AS n FROM public.' || quote_ident(table_name), false, true, '')))[1]::text::int AS n
  FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`;

/** Role grants of the platform activities (410_platform_staff removes them) and of all others. */
const GRANTS = `SELECT count(*) FILTER (WHERE a.url NOT IN (${PLATFORM_ACTIVITIES.map((u) => `'${u}'`).join(', ')}))::int AS kept,
  count(*) FILTER (WHERE a.url IN (${PLATFORM_ACTIVITIES.map((u) => `'${u}'`).join(', ')}))::int AS platform
  FROM public.role_activities ra JOIN public.activities a ON a.id = ra.activity_id`;

describe('upgrade from the previous release', () => {
  it('runs the missing migrations once, keeps every row and serves the screens', async () => {
    const store = await previousRelease('upgraded');
    const ledger = await store.query<{ name: string; at: string }>(LEDGER);
    const counts = await store.query<{ t: string; n: number }>(COUNTS);
    const [grantsBefore] = await store.query<{ kept: number; platform: number }>(GRANTS);
    expect(ledger.map((r) => r.name)).not.toContain('450_faqs');
    expect(grantsBefore!.platform).toBeGreaterThan(0);

    const warehouse = await withPreviousWarehouse(store);
    const rowsBefore = await warehouse.counts();
    expect(rowsBefore.fact_stock).toBeGreaterThan(0);

    const server = await startServerProcess(
      { ...warehouse.settings, DEMO_CRAWL_DAY: 'false' },
      { timeoutMs: 180_000 },
    );
    try {
      const client = await loginDemo(server);
      // The old warehouse's last day (its demo ended on the day it was written).
      const queries = monitoringQueries(loadConfigSnapshot('screens'), '2026-11-29').filter((q) =>
        ['stock/kpi', 'price/data', 'sales/trend'].includes(q.screenKey),
      );
      expect(queries.length).toBeGreaterThan(2);
      for (const q of queries) {
        const res = await client.get<{ rows: unknown[] }>(q.endpoint, q.params);
        expect(res.body.statusCode, `${q.endpoint}: ${res.body.msg}`).toBe(1);
        expect(res.body.data?.rows.length, q.endpoint).toBeGreaterThan(0);
      }
      // A table the upgrade added (450_faqs) answers too.
      const faqs = await client.get<unknown[]>('user/faqs/list');
      expect(faqs.status).toBe(200);
    } finally {
      await server.stop();
    }

    // The old warehouse kept every row (tables that gained columns included) and was not rebuilt.
    expect(await warehouse.counts()).toEqual(rowsBefore);

    const after = await store.query<{ name: string; at: string }>(LEDGER);
    expect(after.map((r) => r.name).sort()).toEqual(Object.keys(storeMigrations()).sort());
    // The migrations the old store had run were not run again.
    expect(after.filter((r) => ledger.some((old) => old.name === r.name))).toEqual(ledger);
    const now = new Map((await store.query<{ t: string; n: number }>(COUNTS)).map((r) => [r.t, r.n]));
    // 410_platform_staff takes the platform activities (the screen editor) from group roles on
    // purpose; every other table keeps all its rows.
    const lost = counts.filter((r) => r.t !== 'role_activities' && (now.get(r.t) ?? -1) < r.n);
    expect(lost).toEqual([]);
    // The audit log may only grow (held above): the started server audits its own jobs' work, e.g.
    // the action inbox's first evaluation opening cases (features/cases).
    for (const table of ['users', 'groups', 'roles', 'group_args', 'alert_rules'])
      expect(now.get(table), table).toBe(counts.find((r) => r.t === table)?.n);
    const [grants] = await store.query<{ kept: number; platform: number }>(GRANTS);
    expect(grants!.kept).toBeGreaterThanOrEqual(grantsBefore!.kept);
    expect(grants!.platform).toBe(0);
  }, 240_000);

  it('stops on a failing migration with one line naming it and why, leaving the store as it was', async () => {
    // Someone made a table by hand that the 450_faqs migration creates: it fails, after
    // 410_platform_staff ran in the same transaction.
    const store = await previousRelease('failing', 'CREATE TABLE public.faqs (id integer);');
    const ledger = await store.query<{ name: string; at: string }>(LEDGER);
    const counts = await store.query<{ t: string; n: number }>(COUNTS);

    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        serverEntry('main'),
        {
          env: { ...process.env, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', ...store.settings },
          encoding: 'utf8',
          timeout: 60_000,
        },
        (error, _stdout, err) => resolve({ code: error ? Number(error.code) : 0, stderr: err }),
      );
    });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'Store migration 450_faqs failed: relation "faqs" already exists. The store is as it was: no migration of this start was kept.',
    );
    expect(await store.query(LEDGER)).toEqual(ledger);
    expect(await store.query(COUNTS)).toEqual(counts);
    const staffColumn = await store.query(
      "SELECT 1 FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'is_platform_staff'",
    );
    expect(staffColumn).toEqual([]);
  }, 120_000);
});
