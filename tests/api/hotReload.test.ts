import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/server/env.js';
import { startServer, type RunningServer } from '../../src/server/startServer.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import type { TestServer } from './support/testServer.js';

// The product server with file watching on, over a private copy of screens/ that the test edits.
const root = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-reload-'));
const screens = path.join(root, 'screens');
const kpiFile = path.join(screens, 'stock', 'kpi.screen.json');
let running: RunningServer;
let client: ApiClient;

async function screenTitle(): Promise<string> {
  const res = await client.get<{ title: string }>('config/screen', { area: 'stock', screen: 'kpi' });
  return res.body.data!.title;
}

async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

beforeAll(async () => {
  cpSync('screens', screens, { recursive: true });
  const env = loadEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(root, 'data'),
    SCREENS_DIR: screens,
    DEMO_SKUS: '20',
    DEMO_DAYS: '7',
    LOG_LEVEL: 'silent',
  });
  running = await startServer(env, { watchConfig: true, logger: false });
  const server = { url: `http://127.0.0.1:${running.port}`, env, dataDir: env.DATA_DIR } as TestServer;
  client = await signIn(server);
});
afterAll(async () => {
  await running?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('screen files reload without a restart', () => {
  it('a valid edit shows on the next request', async () => {
    const config = JSON.parse(readFileSync(kpiFile, 'utf8')) as { title: string };
    writeFileSync(kpiFile, JSON.stringify({ ...config, title: 'Availability KPI' }, null, 2));
    expect(await eventually(async () => (await screenTitle()) === 'Availability KPI')).toBe(true);
  });

  it('an invalid edit is refused with the validator messages and the last good config keeps serving', async () => {
    const config = JSON.parse(readFileSync(kpiFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(kpiFile, JSON.stringify({ ...config, title: 'Broken', pageSize: 'ten' }, null, 2));
    // Reloads happen on the request after a change: ask, then read the refusal.
    const refused = await eventually(async () => {
      await screenTitle();
      return running.app.deps.config
        .lastProblems()
        .some((p) => p.file === 'stock/kpi.screen.json' && p.pointer === '/pageSize');
    });
    expect(refused).toBe(true);
    expect(await screenTitle()).toBe('Availability KPI');
    const stats = await client.get<{ rows: unknown[] }>('stock/products/stats');
    expect(stats.body.statusCode).toBe(1);
  });

  it('a new screen file is served on the next request', async () => {
    const data = JSON.parse(readFileSync(path.join(screens, 'stock', 'data.screen.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const area = JSON.parse(readFileSync(path.join(screens, 'stock', 'area.json'), 'utf8')) as {
      tabs: string[];
    };
    // Restore the broken file first, so the whole folder validates again.
    const kpi = JSON.parse(readFileSync(kpiFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(kpiFile, JSON.stringify({ ...kpi, title: 'Availability KPI', pageSize: 10 }, null, 2));
    const queries = (data.queries as { endpoint: string }[]).map((q) => ({
      ...q,
      endpoint: `${q.endpoint}/copy`,
    }));
    writeFileSync(
      path.join(screens, 'stock', 'copy.screen.json'),
      JSON.stringify({ ...data, id: 'copy', title: 'Copy', permission: 'stock/copy', queries }, null, 2),
    );
    writeFileSync(
      path.join(screens, 'stock', 'area.json'),
      JSON.stringify({ ...area, tabs: [...area.tabs, 'copy'] }, null, 2),
    );
    const served = await eventually(async () => {
      const res = await client.get<{ title: string }>('config/screen', { area: 'stock', screen: 'copy' });
      // A new screen is a new activity; the admin role's auto-grant gives it without a restart.
      return res.status === 200 && res.body.data?.title === 'Copy';
    });
    expect(served).toBe(true);
  });
});
