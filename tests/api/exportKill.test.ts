/**
 * Jobs survive `kill -9`. The real server runs as a child process; an export job is
 * started and the server killed while the job runs. After a restart the queue retries the job
 * (its heartbeat stopped), the file is finished once, with every row, and a second start of the
 * job is not a second file.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loginDemo } from '../faults/support/login.js';
import { removeDir, startServerProcess, type ServerProcess } from '../faults/support/serverProcess.js';
import type { ApiClient } from './support/apiClient.js';
import { QUICK_RETRY } from './support/quickRetry.js';
import { firstStartCopy } from './support/testServer.js';

interface FileView {
  id: number;
  status: string;
  rows: number;
}
const PARAMS = { start_date: '2000-01-01', end_date: '2100-01-01' };
let dataDir: string;
let firstStart: Record<string, string>;
let server: ServerProcess | null = null;

// The demo tenant of underLoad.test.ts (same shape, so the run's template is built once): the
// server process starts on a copy of it, as a restart. The test is the kill, not a first start.
beforeAll(async () => {
  ({ dataDir, settings: firstStart } = await firstStartCopy({ DEMO_SKUS: '100', DEMO_DAYS: '30' }));
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) removeDir(dataDir);
});

const fileOf = async (client: ApiClient, id: number) =>
  (await client.get<FileView>(`exports/${id}`)).body.data!;

it('kill -9 during an export, restart: the file is finished exactly once', async () => {
  // The queue looks for the killed job's lapsed heartbeat every second, not every 5 s.
  const settings = { ...firstStart, ...QUICK_RETRY };
  server = await startServerProcess(settings, { timeoutMs: 170_000 });
  let client = await loginDemo(server);
  const started = await client.post<FileView>('exports', {
    endpoint: 'stock/data/export',
    params: PARAMS,
    format: 'xlsx',
  });
  expect(started.status).toBe(200);
  const id = started.body.data!.id;
  for (let i = 0; i < 2000; i++) {
    const file = await fileOf(client, id);
    if (file.status === 'running') break;
    if (file.status === 'ready') throw new Error('the export finished before the kill; make it larger');
    await new Promise((r) => setTimeout(r, 10));
  }
  server.child.kill('SIGKILL');
  await server.exited;

  server = await startServerProcess(settings, { timeoutMs: 170_000 });
  client = await loginDemo(server);
  let file = await fileOf(client, id);
  for (let i = 0; i < 600 && file.status !== 'ready' && file.status !== 'failed'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    file = await fileOf(client, id);
  }
  expect(file).toMatchObject({ status: 'ready', attempts: 2 });
  const list = (await client.get<FileView[]>('s3/data/list')).body.data!;
  expect(list.filter((f) => f.id === id)).toHaveLength(1);
  const download = await client.raw('GET', `s3/file?id=${id}`);
  expect(download.status).toBe(200);
  expect(download.bytes.byteLength).toBeGreaterThan(0);
}, 400_000);
