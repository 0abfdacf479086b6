/**
 * Jobs survive `kill -9`. The real server runs as a child process; an export job is
 * started and the server killed while the job runs. After a restart the queue retries the job
 * (its heartbeat stopped), the file is finished once, with every row, and a second start of the
 * job is not a second file.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loginDemo } from '../faults/support/login.js';
import {
  removeDir,
  startServerProcess,
  tempDataDir,
  type ServerProcess,
} from '../faults/support/serverProcess.js';
import type { ApiClient } from './support/apiClient.js';

interface FileView {
  id: number;
  status: string;
  rows: number;
}
const PARAMS = { start_date: '2000-01-01', end_date: '2100-01-01' };
let dataDir: string;
let server: ServerProcess | null = null;

beforeAll(() => {
  dataDir = tempDataDir();
});

afterAll(async () => {
  await server?.stop();
  removeDir(dataDir);
});

const fileOf = async (client: ApiClient, id: number) =>
  (await client.get<FileView>(`exports/${id}`)).body.data!;

it('kill -9 during an export, restart: the file is finished exactly once', async () => {
  const settings = { DATA_DIR: dataDir, DEMO_SKUS: '400', DEMO_DAYS: '30' };
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
