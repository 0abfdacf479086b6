import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import type { ConfigProblemView } from '../../src/shared/configProblemView.js';
import { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startWatchedServer, type WatchedServer } from './support/watchedServer.js';

// The product server with file watching on, over a private copy of screens/ that the test edits.
let watched: WatchedServer;
let kpiFile: string;
let admin: ApiClient;
let viewer: ApiClient;

async function problems(): Promise<ConfigProblemView[]> {
  const res = await admin.get<{ problems: ConfigProblemView[] }>('config/problems');
  expect(res.status).toBe(200);
  return res.body.data!.problems;
}

beforeAll(async () => {
  watched = await startWatchedServer('problems');
  kpiFile = path.join(watched.screens, 'stock', 'kpi.screen.json');
  const server = watched.server;
  admin = await signIn(server, DEMO_USERS.staff); // the editor's banner: platform staff's
  viewer = await signIn(server, DEMO_USERS.stock);
});
afterAll(async () => {
  await watched?.close();
});

describe('GET config/problems: a refused config edit, for platform staff only', () => {
  it('is empty while the files are valid, and refused to non-admins and to nobody signed in', async () => {
    expect(await problems()).toEqual([]);
    const denied = await viewer.get('config/problems');
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe('Access denied');
    const anonymous = await new ApiClient(watched.server.url).get('config/problems');
    expect(anonymous.status).toBe(401);
  });

  it('names file, pointer, line:column and message after a bad edit; a non-admin still gets 403', async () => {
    const config = JSON.parse(readFileSync(kpiFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(kpiFile, JSON.stringify({ ...config, pageSize: 'ten' }, null, 2));
    let seen: ConfigProblemView[] = [];
    for (let i = 0; i < 50 && seen.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 200));
      seen = await problems();
    }
    const lines = readFileSync(kpiFile, 'utf8').split('\n');
    const line = lines.findIndex((l) => l.includes('"pageSize"')) + 1;
    expect(seen).toEqual([
      {
        file: 'stock/kpi.screen.json',
        pointer: '/pageSize',
        message: 'must be integer',
        line,
        // The reading pipeline places a property's problem at its key (as the editor underlines it).
        column: lines[line - 1]!.indexOf('"pageSize"') + 1,
      },
    ]);
    const denied = await viewer.get('config/problems');
    expect(denied.status).toBe(403);
    expect(JSON.stringify(denied.body)).not.toContain('kpi.screen.json');

    writeFileSync(kpiFile, JSON.stringify(config, null, 2));
    for (let i = 0; i < 50 && seen.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 200));
      seen = await problems();
    }
    expect(seen).toEqual([]);
  });
});
