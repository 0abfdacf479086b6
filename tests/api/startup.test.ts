import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/server/platform/settings/env.js';
import { startServer } from '../../src/server/startServer.js';
import { serverEntry } from '../support/serverEntry.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-startup-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function runMain(env: Record<string, string>): { status: number | null; stderr: string } {
  const result = spawnSync(process.execPath, serverEntry('main'), {
    env: { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: path.join(tmp, 'unused'), ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr.replace(/npm warn.*\n/g, '') };
}

describe('server start-up', () => {
  it('stops with one clear line on a bad setting', () => {
    const { status, stderr } = runMain({ PORT: 'abc' });
    expect(status).toBe(1);
    expect(stderr.trim()).toBe('PORT must be an integer 1-65535, got "abc"');
  });

  it('refuses to start on invalid config, naming file, line:column and JSON pointer', () => {
    const screens = path.join(tmp, 'screens');
    cpSync('screens', screens, { recursive: true });
    const file = path.join(screens, 'stock', 'kpi.screen.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as { dataset: string };
    config.dataset = 'no_such_dataset';
    writeFileSync(file, JSON.stringify(config));
    const { status, stderr } = runMain({ SCREENS_DIR: screens, PORT: '0' });
    expect(status).toBe(1);
    expect(stderr).toMatch(/stock\/kpi\.screen\.json:1:\d+#\/dataset: /);
    expect(stderr).toContain('no_such_dataset');
  });

  it('a second start reuses the data folder: nothing regenerated, nothing lost', async () => {
    const env = loadEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'reuse'),
      DEMO_SKUS: '20',
      DEMO_DAYS: '7',
      LOG_LEVEL: 'silent',
    });
    const count = async (): Promise<{ rows: number; users: number; marker: number }> => {
      const server = await startServer(env, { watchConfig: false, logger: false });
      try {
        const [rows] = await server.app.deps.warehouse.query<{ n: number }>(
          'SELECT COUNT(*) AS n FROM fact_stock',
        );
        const users = await server.app.deps.store.db
          .selectFrom('users' as never)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        // A marker row proves the second start did not rebuild the warehouse.
        await server.app.deps.warehouse.exec('CREATE TABLE IF NOT EXISTS start_marker (n INTEGER)');
        await server.app.deps.warehouse.exec('INSERT INTO start_marker VALUES (1)');
        const [marker] = await server.app.deps.warehouse.query<{ n: number }>(
          'SELECT COUNT(*) AS n FROM start_marker',
        );
        return { rows: rows!.n, users: Number(users.n), marker: marker!.n };
      } finally {
        await server.close();
      }
    };
    const first = await count();
    const second = await count();
    expect(first.rows).toBeGreaterThan(0);
    expect(second.rows).toBe(first.rows);
    expect(second.users).toBe(first.users);
    expect(second.marker).toBe(2);
  });
});
