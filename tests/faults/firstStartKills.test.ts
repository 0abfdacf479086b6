/**
 * `kill -9` at random points of the first start (the last one inside its crawl), then a
 * normal start. Every restart must end with complete demo data identical to an uninterrupted first
 * start. FAULT_KILLS sets the count (default 10; .ci/run may use fewer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWarehouse } from '../../src/server/platform/warehouse/createWarehouse.js';
import { createStore } from '../../src/server/platform/store/createStore.js';
import { loadEnv } from '../../src/server/platform/settings/env.js';
import { removeDir, startServerProcess, tempDataDir } from './support/serverProcess.js';
import { storeMigrations } from '../../src/server/storeMigrations.js';

const KILLS = Number(process.env.FAULT_KILLS ?? 10);
// Small tenant: a first start of a few seconds, so random kill points cover all of it.
const SETTINGS = { DEMO_SKUS: '12', DEMO_DAYS: '7', DEMO_SEED: '7' };

/** Row counts per warehouse table and group, plus the store's users, groups and roles. */
async function fingerprint(dataDir: string): Promise<Record<string, number>> {
  const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const wh = await createWarehouse(env);
  const out: Record<string, number> = {};
  try {
    const tables = await wh.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' AND table_type = 'BASE TABLE' ORDER BY table_name",
    );
    for (const { table_name: t } of tables) {
      const cols = await wh.query<{ column_name: string }>(
        'SELECT column_name FROM information_schema.columns WHERE table_name = $1',
        [t],
      );
      // Not the first start's: the demo's crawl day writes its coverage in the background after
      // ready, so a server stopped (or killed) a moment later has it and one stopped sooner does not.
      if (t === 'demo_generation' || t === 'crawl_coverage') continue;
      const byGroup = cols.some((c) => c.column_name === 'group_id');
      const rows = await wh.query<{ g: number | null; n: number }>(
        byGroup
          ? `SELECT group_id::INTEGER AS g, COUNT(*)::INTEGER AS n FROM ${t} GROUP BY group_id`
          : `SELECT NULL AS g, COUNT(*)::INTEGER AS n FROM ${t}`,
      );
      for (const r of rows) out[`${t}${r.g === null ? '' : `#${r.g}`}`] = r.n;
      if (cols.some((c) => c.column_name === 'is_new_violation')) {
        const flagged = await wh.query<{ g: number; n: number }>(
          `SELECT group_id::INTEGER AS g, SUM(is_new_violation)::INTEGER AS n FROM ${t} GROUP BY group_id`,
        );
        for (const r of flagged) out[`new_violations#${r.g}`] = r.n;
      }
    }
  } finally {
    await wh.close();
  }
  const store = await createStore(env, storeMigrations());
  try {
    for (const t of ['users', 'groups', 'roles', 'user_group_roles'] as const) {
      const [row] = await store.db
        .selectFrom(t)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .execute();
      out[`store.${t}`] = Number(row!.n);
    }
  } finally {
    await store.close();
  }
  return out;
}

let reference: Record<string, number>;
let firstStartMs: number;

beforeAll(async () => {
  const dir = tempDataDir();
  const started = Date.now();
  const server = await startServerProcess({ ...SETTINGS, DATA_DIR: dir });
  firstStartMs = Date.now() - started;
  await server.stop();
  reference = await fingerprint(dir);
  removeDir(dir);
}, 180_000);

afterAll(() => undefined);

describe('kill -9 during the first start', () => {
  it('the reference first start has every demo table filled for both tenants', () => {
    for (const key of ['crawl_log#1', 'crawl_log#2', 'new_violations#1', 'new_violations#2', 'store.users'])
      expect(reference[key], key).toBeGreaterThan(0);
  });

  it(`after ${KILLS} kills at random points, every restart ends with complete, identical demo data`, async () => {
    const problems: string[] = [];
    for (let i = 0; i < KILLS; i += 1) {
      const dir = tempDataDir();
      try {
        // The last kill lands inside the first-start crawl (its job has started): the restart must
        // finish that crawl, not wait on its run for good. The others spread over the whole start.
        const inCrawl = i === KILLS - 1;
        const first = await startServerProcess(
          { ...SETTINGS, DATA_DIR: dir, ...(inCrawl ? { LOG_LEVEL: 'info' } : {}) },
          { waitReady: false },
        );
        let at: number | string = Math.round(Math.random() * firstStartMs * 1.1);
        if (inCrawl) {
          at = 'the crawl job';
          const deadline = Date.now() + 120_000;
          while (!/"queue":"crawl"[^\n]*"job started"/.test(first.output())) {
            if (Date.now() > deadline) throw new Error(`no crawl job started:\n${first.output()}`);
            await new Promise((r) => setTimeout(r, 20));
          }
        } else await new Promise((r) => setTimeout(r, at as number));
        first.child.kill('SIGKILL');
        await first.exited;
        const second = await startServerProcess({ ...SETTINGS, DATA_DIR: dir });
        await second.stop();
        const got = await fingerprint(dir);
        const diff = Object.keys({ ...reference, ...got }).filter((k) => reference[k] !== got[k]);
        if (diff.length)
          problems.push(
            `kill at ${at} ms: ${diff.map((k) => `${k} ${got[k]} != ${reference[k]}`).join(', ')}`,
          );
      } finally {
        removeDir(dir);
      }
    }
    expect(problems).toEqual([]);
  });
});
