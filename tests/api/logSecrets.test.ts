/**
 * No log line carries a secret: a real server process at LOG_LEVEL=debug (every line it prints
 * captured) goes through a failed and a successful sign-in with a one-time code sent by SMTP, a
 * share link, a report mailer with an SFTP password and a password change; then its output is
 * searched for every secret it was handed or handed out. The same output shows one request's id
 * (X-Request-Id) on its access lines and on the lines of the job it started.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  removeDir,
  startServerProcess,
  tempDataDir,
  type ServerProcess,
} from '../faults/support/serverProcess.js';
import { startTestSmtpServer, type TestSmtpServer } from './support/testSmtpServer.js';
import { ApiClient } from './support/apiClient.js';

const USER = 'demo@shelfscope.test';
const PASSWORD = 'Demo@2026!';
const NEW_PASSWORD = 'Changed@Log-2026!q';
const WRONG_PASSWORD = 'Wrong@Guess-9931!z';
const SFTP_SECRET = 'sftp-Secret-Pass-77123';
/** The id a proxy sends with the mailer's run: its job's lines carry it too. */
const RUN_ID = 'trace-run-0001';

let smtp: TestSmtpServer;
let server: ServerProcess;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startServerProcess(
    {
      DATA_DIR: tempDataDir(),
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'debug',
      DEMO_CRAWL_DAY: 'false',
      DEMO_SKUS: '20',
      DEMO_DAYS: '7',
      SECRET_KEY: 'log-secrets-test-key-0123456789abcdef',
      // The test's SFTP server is on loopback, a destination allowed here on purpose.
      OUTBOUND_ALLOW: '127.0.0.1',
    },
    { timeoutMs: 280_000 },
  );
}, 300_000);
afterAll(async () => {
  await server?.stop();
  if (server) removeDir(server.dataDir);
  await smtp?.close();
});

/** Every string of 12+ characters in an answer: tokens, links, ids a log must not repeat. */
function longStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string' && value.length >= 12) out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) longStrings(v, out);
  return out;
}

describe('logs', () => {
  it('never carry a password, one-time code, session, share token or mailer secret; a request id reaches its job', async () => {
    const secrets: string[] = [PASSWORD, NEW_PASSWORD, WRONG_PASSWORD, SFTP_SECRET];
    const client = new ApiClient(server.url);
    expect((await client.post('authenticate', { username: USER, password: WRONG_PASSWORD })).status).not.toBe(
      200,
    );
    const before = smtp.received.length;
    const step = await client.post<{ settrustbrowser?: boolean }>('authenticate', {
      username: USER,
      password: PASSWORD,
    });
    expect(step.status, step.body.msg).toBe(200);
    const mail = smtp.received.slice(before).find((m) => m.rcptTo.includes(USER))!;
    const otp = /verification code is (\d{6})/.exec(mail.mail.text ?? '')![1]!;
    secrets.push(otp);
    expect((await client.post('verifyotp', { otp })).status).toBe(200);
    expect((await client.post('selectGroup', { group_id: 1 })).status).toBe(200);
    for (const name of ['sid', 'csrf', 'tb']) if (client.cookie(name)) secrets.push(client.cookie(name)!);

    const link = await client.post('paxviz/token', {
      view_id: 1,
      menu_id: 1,
      menu_name: 'p',
      screen: 'stock/kpi',
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    secrets.push(...longStrings(link.body.data).filter((s) => !s.startsWith('/') && !/^\d{4}-/.test(s)));

    const mailer = await client.post<{ id: number }>('report-mailers', {
      reportType: 'stock/data/export',
      filters: {},
      cron: '0 9 * * 1',
      timeZone: 'Asia/Kolkata',
      status: 'In-Active',
      name: 'Stock to SFTP',
      distribution: 'sftp',
      target: { host: '127.0.0.1', port: 1, username: 'ops', path: '/outbox' },
      secret: SFTP_SECRET,
    });
    expect(mailer.status, JSON.stringify(mailer.body)).toBe(200);
    // The delivery fails (nothing listens on port 1): a failure is where a secret would leak.
    const run = await client.post(
      `report-mailers/${mailer.body.data!.id}/run`,
      {},
      { 'x-request-id': RUN_ID },
    );
    expect(run.status).toBe(200);
    expect(run.headers.get('x-request-id')).toBe(RUN_ID);

    const changed = await client.post('change/password', {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await new Promise((r) => setTimeout(r, 3000)); // the mailer job's failure lines

    // The start-up banner prints the demo login on purpose (main.ts): the one line allowed it.
    const log = server
      .output()
      .split('\n')
      .filter((line) => !line.startsWith('Demo login: '))
      .join('\n');
    expect(log).toContain('"reqId"'); // debug lines were captured
    const leaked = secrets.filter((secret) => log.includes(secret));
    expect(leaked).toEqual([]);

    // One request followed into its job: the access lines and the job's lines share its id.
    const traced = log
      .split('\n')
      .filter((line) => line.includes(`"reqId":"${RUN_ID}"`))
      .map((line) => JSON.parse(line) as { msg: string; queue?: string });
    expect(traced.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed', 'job started', 'job failed']),
    );
    expect(traced.find((line) => line.msg === 'job started')?.queue).toBe('report-deliveries');
  }, 120_000);
});
