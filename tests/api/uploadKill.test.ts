/**
 * `kill -9` during a load leaves the old data intact. The real server runs as a child
 * process; a 150,000-row file replacing a loaded channel x month is sent, the server is killed
 * once the upload has staged rows, and after a restart the slice holds exactly its old rows:
 * no partial load, no leftover staging table, and the interrupted run marked failed.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadEnv } from '../../src/server/platform/settings/env.js';
import { createWarehouse } from '../../src/server/platform/warehouse/createWarehouse.js';
import { INTERRUPTED } from '../../src/server/features/uploads/uploadPlugin.js';
import { loginDemo } from '../faults/support/login.js';
import { removeDir, startServerProcess, type ServerProcess } from '../faults/support/serverProcess.js';
import { firstStartCopy } from './support/testServer.js';
import { CHANNEL_SALES, SALES_HEADER, uploadFile } from './support/uploadClient.js';

const ROWS = 150_000;
let dataDir: string;
let firstStart: Record<string, string>;
let screensDir: string;
let server: ServerProcess | null = null;

const csv = (rows: unknown[][]) =>
  Buffer.from([SALES_HEADER.join(','), ...rows.map((r) => r.join(','))].join('\n'));

/** Reported rows of group 1 on Amazon in June 2025, read from the warehouse file itself. */
async function sliceInWarehouse(): Promise<{ n: number; units: number; staging: number }> {
  const wh = await createWarehouse(loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  try {
    const [row] = await wh.query<{ n: number; units: number }>(
      `SELECT COUNT(*)::INTEGER AS n, COALESCE(SUM(units), 0)::INTEGER AS units FROM fact_sales
       WHERE group_id = 1 AND channel_id = 1 AND is_estimate = 0 AND sale_date BETWEEN '2025-06-01' AND '2025-06-30'`,
    );
    const staging = await wh.query(
      "SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'upload_stage_%'",
    );
    return { ...row!, staging: staging.length };
  } finally {
    await wh.close();
  }
}

// The server process starts on a copy of the run's first start (the API tests' own demo tenant),
// as a restart: the test is the kill, not a first start.
beforeAll(async () => {
  ({ dataDir, settings: firstStart } = await firstStartCopy());
  screensDir = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-upload-screens-'));
  cpSync('screens', screensDir, { recursive: true });
  const file = path.join(screensDir, 'sales', 'channelsales.screen.json');
  const screen = JSON.parse(readFileSync(file, 'utf8')) as { uploads: Record<string, unknown>[] };
  Object.assign(screen.uploads[0]!, { accept: ['.xlsx', '.csv'] });
  writeFileSync(file, JSON.stringify(screen));
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) removeDir(dataDir);
  rmSync(screensDir, { recursive: true, force: true });
});

it('kill -9 during a load, restart: the old slice is intact', async () => {
  const settings = { ...firstStart, SCREENS_DIR: screensDir };
  server = await startServerProcess(settings);
  let client = await loginDemo(server);
  const [sku] = (
    await client.get<{ rows: { sku_code: string }[] }>('sales/data', {
      start_date: '2000-01-01',
      end_date: '2100-01-01',
    })
  ).body.data!.rows.map((r) => r.sku_code);
  const old = await uploadFile(client, CHANNEL_SALES, {
    name: 'old.csv',
    type: 'text/csv',
    bytes: csv([
      ['Amazon', '2025-06-01', sku, 5, 50],
      ['Amazon', '2025-06-02', sku, 6, 60],
    ]),
  });
  expect(old.status).toBe(200);

  const big = csv(
    Array.from({ length: ROWS }, (_, i) => [
      'Amazon',
      `2025-06-${String((i % 30) + 1).padStart(2, '0')}`,
      sku,
      1,
      1,
    ]),
  );
  const sending = uploadFile(client, CHANNEL_SALES, { name: 'big.csv', type: 'text/csv', bytes: big }).catch(
    () => null,
  );
  // Kill once rows are staged (the history's progress moves after each staged batch).
  for (let i = 0; i < 600; i++) {
    const [run] = (
      await client.get<{ status: string; rows_ok: number }[]>(`${CHANNEL_SALES}/runs`, { limit: 1 })
    ).body.data!;
    if (run?.status === 'running' && run.rows_ok > 0) break;
    if (run?.status === 'loaded' && run.rows_ok === ROWS)
      throw new Error('the load finished before the kill; make the file larger');
    await new Promise((r) => setTimeout(r, 25));
  }
  server.child.kill('SIGKILL');
  await server.exited;
  await sending;

  expect(await sliceInWarehouse()).toMatchObject({ n: 2, units: 11 });

  server = await startServerProcess(settings);
  client = await loginDemo(server);
  const [run] = (
    await client.get<{ status: string; message: string; file_name: string }[]>(`${CHANNEL_SALES}/runs`, {
      limit: 1,
    })
  ).body.data!;
  expect(run).toMatchObject({ status: 'failed', message: INTERRUPTED, file_name: 'big.csv' });
  const slices = (await client.get<{ rows: number }[]>(`${CHANNEL_SALES}/slices`)).body.data!;
  expect(slices.map((s) => s.rows)).toEqual([2]);
  await server.stop();
  server = null;
  expect(await sliceInWarehouse()).toEqual({ n: 2, units: 11, staging: 0 });
}, 240_000);
