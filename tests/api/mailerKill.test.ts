/**
 * A delivery survives `kill -9` exactly once. The real server runs as a child process
 * and uploads a report to a real SFTP server (ssh2) started here, which stalls the upload; the
 * server is killed mid-delivery and started again. The queue retries the job (its heartbeat
 * stopped), the run turns to Report Delivered, and the SFTP folder holds exactly one file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { loginDemo } from '../faults/support/login.js';
import { removeDir, startServerProcess, type ServerProcess } from '../faults/support/serverProcess.js';
import type { ApiClient } from './support/apiClient.js';
import { QUICK_RETRY } from './support/quickRetry.js';
import { firstStartCopy } from './support/testServer.js';
import { startTestSftpServer, type TestSftpServer } from './support/testSftpServer.js';

interface RunView {
  id: number;
  status: number;
  statusName: string;
  attempts: number;
  fileId: number;
}
let dataDir: string;
let firstStart: Record<string, string>;
let sftp: TestSftpServer;
let server: ServerProcess | null = null;

beforeAll(async () => {
  ({ dataDir, settings: firstStart } = await firstStartCopy());
  sftp = await startTestSftpServer();
});

afterAll(async () => {
  await server?.stop();
  await sftp?.close();
  if (dataDir) removeDir(dataDir);
});

const runOf = async (client: ApiClient, mailerId: number, runId: number) =>
  (await client.get<RunView[]>(`report-mailers/${mailerId}/runs`)).body.data!.find((r) => r.id === runId)!;

it('kill -9 while a report is uploaded over SFTP, restart: one file, run Report Delivered', async () => {
  const settings = {
    ...firstStart,
    ...QUICK_RETRY,
    SECRET_KEY: 'mailer-kill-test-secret-0123456789abcdef',
    // The test's SFTP server listens on loopback: allowed on purpose (docs/hardening.md).
    OUTBOUND_ALLOW: '127.0.0.1',
  };
  server = await startServerProcess(settings, { timeoutMs: 400_000 });
  let client = await loginDemo(server);
  const mailer = await client.post<{ id: number }>('report-mailers', {
    name: 'Kill test',
    reportType: 'stock/data/export',
    distribution: 'sftp',
    target: { host: '127.0.0.1', port: sftp.port, username: sftp.username, path: '/in' },
    secret: sftp.password,
    cron: '0 9 * * 1',
    timeZone: 'UTC',
    status: 'In-Active',
  });
  expect(mailer.status).toBe(200);
  const mailerId = mailer.body.data!.id;

  sftp.hold.stall = true;
  const uploading = new Promise<void>((resolve) => (sftp.hold.onOpen = () => resolve()));
  const started = await client.post<{ run: RunView }>(`report-mailers/${mailerId}/run`);
  const runId = started.body.data!.run.id;
  await uploading;
  server.child.kill('SIGKILL');
  await server.exited;
  sftp.hold.stall = false;
  expect(sftp.files().filter((f) => f.endsWith('.xlsx'))).toEqual([]);

  const t0 = Date.now();
  server = await startServerProcess(settings, { timeoutMs: 400_000 });
  const ready = Date.now() - t0;
  client = await loginDemo(server);
  let run = await runOf(client, mailerId, runId);
  for (let i = 0; i < 1200 && run.status !== 3 && run.status !== 4; i++) {
    await new Promise((r) => setTimeout(r, 100));
    run = await runOf(client, mailerId, runId);
  }
  console.log(`restart ready in ${ready} ms, run delivered ${Date.now() - t0 - ready} ms later`);
  expect(run).toMatchObject({ status: 3, statusName: 'Report Delivered', attempts: 2 });
  const name = `in/Kill-test-${new Date().toISOString().slice(0, 10)}-r${runId}.xlsx`;
  expect(sftp.files()).toEqual([name]);
  expect(sftp.opened).toEqual([`/${name}.part`, `/${name}.part`]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(path.join(sftp.root, name)) as unknown as ArrayBuffer);
  expect(book.worksheets[0]!.getCell('A1').value).toBe('Screen');

  // A later retry of the job (or a re-trigger) finds the run delivered and sends nothing.
  expect((await client.post(`report-mailer-runs/${runId}/retrigger`)).status).toBe(400);
  await new Promise((r) => setTimeout(r, 3000));
  expect(sftp.files()).toEqual([name]);
  expect(sftp.opened).toHaveLength(2);
}, 1_000_000);
