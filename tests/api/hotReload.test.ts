import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startWatchedServer, type WatchedServer } from './support/watchedServer.js';

// The product server with file watching on, over a private copy of screens/ that the test edits.
let watched: WatchedServer;
let kpiFile: string;
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
  watched = await startWatchedServer('reload');
  kpiFile = path.join(watched.screens, 'stock', 'kpi.screen.json');
  const server = watched.server;
  client = await signIn(server);
});
afterAll(async () => {
  await watched?.close();
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
      return watched.running.app.deps.config
        .lastProblems()
        .some((p) => p.file === 'stock/kpi.screen.json' && p.pointer === '/pageSize');
    });
    expect(refused).toBe(true);
    expect(await screenTitle()).toBe('Availability KPI');
    const stats = await client.get<{ rows: unknown[] }>('stock/products/stats');
    expect(stats.body.statusCode).toBe(1);
  });

  it('a new screen file is served on the next request', async () => {
    const data = JSON.parse(
      readFileSync(path.join(watched.screens, 'stock', 'data.screen.json'), 'utf8'),
    ) as Record<string, unknown>;
    const area = JSON.parse(readFileSync(path.join(watched.screens, 'stock', 'area.json'), 'utf8')) as {
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
      path.join(watched.screens, 'stock', 'copy.screen.json'),
      JSON.stringify({ ...data, id: 'copy', title: 'Copy', permission: 'stock/copy', queries }, null, 2),
    );
    writeFileSync(
      path.join(watched.screens, 'stock', 'area.json'),
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
