/**
 * An e-mailed report survives `kill -9` exactly once. The
 * real server runs as a child process and e-mails a report to a real SMTP server started here,
 * which reads the message but holds back its 250; the server is killed while it waits and started
 * again. The unanswered message was never accepted, the queue retries the job, and exactly one
 * copy arrives, carrying the run's Message-ID; a later re-trigger sends nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { removeDir, startServerProcess, type ServerProcess } from '../faults/support/serverProcess.js';
import { ApiClient } from './support/apiClient.js';
import { QUICK_RETRY } from './support/quickRetry.js';
import { firstStartCopy } from './support/testServer.js';
import { startTestSmtpServer, type TestSmtpServer } from './support/testSmtpServer.js';

interface RunView {
  id: number;
  status: number;
  statusName: string;
  attempts: number;
}
let dataDir: string;
let firstStart: Record<string, string>;
let smtp: TestSmtpServer;
let server: ServerProcess | null = null;

beforeAll(async () => {
  ({ dataDir, settings: firstStart } = await firstStartCopy());
  smtp = await startTestSmtpServer();
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (dataDir) removeDir(dataDir);
});

/** The demo login through the real steps, the OTP read from the mail the SMTP server accepted. */
async function login(proc: ServerProcess): Promise<ApiClient> {
  const client = new ApiClient(proc.url);
  const user = 'demo@shelfscope.test';
  const before = smtp.received.length;
  const step = await client.post<{ settrustbrowser?: boolean }>('authenticate', {
    username: user,
    password: 'Demo@2026!',
  });
  expect(step.status).toBe(200);
  if (!step.body.data?.settrustbrowser) {
    const mail = smtp.received.slice(before).find((m) => m.rcptTo.includes(user))!;
    const otp = /verification code is (\d{6})/.exec(mail.mail.text ?? '')![1];
    expect((await client.post('verifyotp', { otp })).status).toBe(200);
  }
  expect((await client.post('selectGroup', { group_id: 1 })).status).toBe(200);
  return client;
}

const runOf = async (client: ApiClient, mailerId: number, runId: number) =>
  (await client.get<RunView[]>(`report-mailers/${mailerId}/runs`)).body.data!.find((r) => r.id === runId)!;
const reports = () => smtp.received.filter((m) => m.mail.attachments.length > 0);

it('kill -9 while the SMTP server holds back its 250, restart: one e-mail, run Report Delivered', async () => {
  const settings = {
    ...firstStart,
    ...QUICK_RETRY,
    SECRET_KEY: 'mailer-kill-email-secret-0123456789abcdef',
    SMTP_URL: smtp.url,
  };
  server = await startServerProcess(settings, { timeoutMs: 400_000 });
  let client = await login(server);
  const mailer = await client.post<{ id: number }>('report-mailers', {
    name: 'Kill mail',
    reportType: 'stock/data/export',
    distribution: 'email',
    recipients: ['buyer@example.com', 'planner@example.com'],
    cron: '0 9 * * 1',
    timeZone: 'Asia/Kolkata',
    status: 'In-Active',
  });
  expect(mailer.status).toBe(200);
  const mailerId = mailer.body.data!.id;

  smtp.hold.stall = true;
  const sending = new Promise<void>((resolve) => (smtp.hold.onStall = resolve));
  const started = await client.post<{ run: RunView }>(`report-mailers/${mailerId}/run`);
  const runId = started.body.data!.run.id;
  await sending;
  server.child.kill('SIGKILL');
  await server.exited;
  smtp.hold.stall = false;
  expect(reports()).toEqual([]);

  const t0 = Date.now();
  server = await startServerProcess(settings, { timeoutMs: 400_000 });
  const ready = Date.now() - t0;
  client = await login(server);
  let run = await runOf(client, mailerId, runId);
  for (let i = 0; i < 1200 && run.status !== 3 && run.status !== 4; i++) {
    await new Promise((r) => setTimeout(r, 100));
    run = await runOf(client, mailerId, runId);
  }
  console.log(`restart ready in ${ready} ms, run delivered ${Date.now() - t0 - ready} ms later`);
  expect(run).toMatchObject({ status: 3, statusName: 'Report Delivered', attempts: 2 });
  expect(reports()).toHaveLength(1);
  const [mail] = reports();
  expect(mail!.rcptTo.sort()).toEqual(['buyer@example.com', 'planner@example.com']);
  expect(mail!.mail.messageId).toMatch(/^<run-[\w.-]+@report-mailer\.shelfscope>$/);
  expect(mail!.mail.attachments[0]!.filename).toMatch(new RegExp(`-r${runId}\\.xlsx$`));

  // A re-trigger of the delivered run is refused, and nothing more arrives.
  expect((await client.post(`report-mailer-runs/${runId}/retrigger`)).status).toBe(400);
  await new Promise((r) => setTimeout(r, 3000));
  expect(reports()).toHaveLength(1);
}, 1_000_000);
