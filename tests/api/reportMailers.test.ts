/**
 * Report mailers (first slice): a group's mailers with the report-mailer activity, a dry
 * run that builds the report and names who would get it while sending nothing, and a run that
 * e-mails the report through a real SMTP server started here, with the spec's run-log statuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startTestServer, type TestServer } from './support/testServer.js';
import { ApiClient } from './support/apiClient.js';
import { startTestSmtpServer, type TestSmtpServer } from './support/testSmtpServer.js';
import { MAILER_QUEUE } from '../../src/server/features/reportMailers/mailerSchedule.js';

let smtp: TestSmtpServer;
let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;

interface MailerView {
  id: number;
  status: string;
  timing: string;
  recipients: string[];
}
interface RunView {
  id: number;
  status: number;
  statusName: string;
  dryRun: boolean;
  error: string | null;
  fileId: number;
}
interface RunAnswer {
  run: RunView;
  wouldSend: { recipients: string[]; subject: string };
  file: { id: number; fileName: string; rows: number; bytes: number };
}

/** The real login, reading the OTP from the mail the SMTP server received. */
async function signInBySmtp(username: string, password: string): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const before = smtp.received.length;
  const step = await client.post<{ settrustbrowser?: boolean; org_list?: { id: number; status: number }[] }>(
    'authenticate',
    { username, password },
  );
  expect(step.body.statusCode).toBe(1);
  const otpMail = smtp.received.slice(before).find((m) => m.rcptTo.includes(username))!;
  const otp = /verification code is (\d{6})/.exec(otpMail.mail.text ?? '')![1];
  const verified = await client.post<{ org_list?: { id: number; status: number }[] }>('verifyotp', { otp });
  const group = verified.body.data!.org_list!.find((g) => g.status === 1)!.id;
  expect((await client.post('selectGroup', { group_id: group })).body.statusCode).toBe(1);
  return client;
}

/** Run now answers at once (In Progress); the queue delivers, and the run log tells how it ended. */
async function runNow(mailerId: number): Promise<{ answer: RunAnswer; run: RunView }> {
  const res = await demo.post<RunAnswer>(`report-mailers/${mailerId}/run`);
  expect(res.status).toBe(200);
  const answer = res.body.data!;
  expect(answer.run).toMatchObject({ dryRun: false, status: 2, statusName: 'In Progress' });
  for (let i = 0; i < 300; i++) {
    const run = (await demo.get<RunView[]>(`report-mailers/${mailerId}/runs`)).body.data!.find(
      (r) => r.id === answer.run.id,
    )!;
    if (run.status >= 3) return { answer, run };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the run did not finish');
}

const body = {
  name: 'Weekly stock',
  reportType: 'stock/data/export',
  filters: {},
  recipients: ['buyer@example.com', 'cm@example.com'],
  cron: '0 9 * * 1',
  timeZone: 'Asia/Kolkata',
};

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url });
  demo = await signInBySmtp(server.env.DEMO_USER, server.env.DEMO_PASSWORD);
  rival = await signInBySmtp('rival@shelfscope.test', server.env.DEMO_PASSWORD);
}, 180_000);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('report mailers', () => {
  let mailer: MailerView;

  it('creates, lists, updates and toggles a mailer of the group, with its timing in words', async () => {
    const created = await demo.post<MailerView>('report-mailers', body);
    expect(created.status).toBe(200);
    mailer = created.body.data!;
    expect(mailer.status).toBe('Active');
    expect(mailer.timing).toMatch(/^every Monday 09:00 Asia\/Kolkata, next: \d\d-\w{3}-\d{4} 09:00$/);

    const updated = await demo.put<MailerView>(`report-mailers/${mailer.id}`, {
      ...body,
      recipients: [...body.recipients, 'ops@example.com'],
    });
    expect(updated.body.data!.recipients).toHaveLength(3);
    const schedules = () =>
      server.server.app.deps.jobs!.boss.getSchedules(MAILER_QUEUE, `mailer-${mailer.id}`);
    expect(await schedules()).toMatchObject([{ cron: '0 9 * * 1', timezone: 'Asia/Kolkata' }]);
    const off = await demo.post<MailerView>(`report-mailers/${mailer.id}/toggle`);
    expect(off.body.data!.status).toBe('In-Active');
    expect(await schedules()).toEqual([]);
    const on = await demo.post<MailerView>(`report-mailers/${mailer.id}/toggle`);
    expect(on.body.data!.status).toBe('Active');
    expect(await schedules()).toHaveLength(1);

    // Each write is in the audit log, the secret never: created, edited (before -> after), toggled x2.
    type Entry = { action: string; target: string; detail: string };
    const logs = await demo.get<{ rows: Entry[] }>('admin/logs', { group_id: 1, limit: 50 });
    const entries = logs.body.data!.rows.filter((r) => r.target === `reportMailer:${mailer.id}`);
    expect(entries.map((e) => e.action).sort()).toEqual([
      'reportMailer.created',
      'reportMailer.edited',
      'reportMailer.toggled',
      'reportMailer.toggled',
    ]);
    const edit = entries.find((e) => e.action === 'reportMailer.edited')!;
    expect(JSON.stringify(edit)).toContain('ops@example.com');
    expect(JSON.stringify(entries)).not.toMatch(/secret/i);
    expect((await rival.get<{ rows: Entry[] }>('admin/logs', { group_id: 1 })).status).toBe(403);

    const list = await demo.get<MailerView[]>('report-mailers');
    expect(list.body.data!.map((m) => m.id)).toContain(mailer.id);
    const rivalList = await rival.get<MailerView[]>('report-mailers');
    expect(rivalList.status).toBe(200);
    expect(rivalList.body.data!.map((m) => m.id)).not.toContain(mailer.id);
    expect((await rival.post(`report-mailers/${mailer.id}/toggle`)).status).toBe(404);
    expect((await rival.post(`report-mailers/${mailer.id}/run`)).status).toBe(404);
  });

  it('needs the report-mailer activity: an analyst (every screen, no admin area) gets 403', async () => {
    const analyst = await signInBySmtp('analyst@shelfscope.test', server.env.DEMO_PASSWORD);
    expect((await analyst.get('report-mailers')).status).toBe(403);
    expect((await analyst.post('report-mailers', body)).status).toBe(403);
    expect((await new ApiClient(server.url).get('report-mailers')).status).toBe(401);
  });

  it('refuses bad input with a 400 and saves nothing', async () => {
    const count = (await demo.get<MailerView[]>('report-mailers')).body.data!.length;
    const bad = [
      { ...body, recipients: ['not-an-email'] },
      { ...body, recipients: [] },
      { ...body, cron: 'every monday 9' },
      { ...body, timeZone: 'Mars/Olympus' },
      { ...body, distribution: 'pigeon' },
    ];
    for (const b of bad) {
      const res = await demo.post('report-mailers', b);
      expect(res.status, JSON.stringify(b)).toBe(400);
    }
    expect(
      (await demo.post('report-mailers', { ...body, cron: '0 9 * * 1', timeZone: 'Mars/Olympus' })).body.msg,
    ).toBe('Invalid cron expression or time zone');
    expect((await demo.post('report-mailers', { ...body, reportType: 'no/such/export' })).status).toBe(404);
    expect((await demo.get<MailerView[]>('report-mailers')).body.data!.length).toBe(count);
  });

  it('dry run builds the report and names the recipients without sending anything', async () => {
    const before = smtp.received.length;
    const res = await demo.post<RunAnswer>(`report-mailers/${mailer.id}/dry-run`);
    expect(res.status).toBe(200);
    const answer = res.body.data!;
    expect(answer.run).toMatchObject({ dryRun: true, status: 1, statusName: 'Report Manager Success' });
    expect(answer.wouldSend.recipients).toEqual(['buyer@example.com', 'cm@example.com', 'ops@example.com']);
    expect(answer.file.rows).toBeGreaterThan(0);
    expect(answer.file.bytes).toBeGreaterThan(0);
    expect(smtp.received.length).toBe(before);
  });

  it('run now e-mails the report to every recipient and logs Report Delivered', async () => {
    const before = smtp.received.length;
    const { answer, run } = await runNow(mailer.id);
    expect(run).toMatchObject({
      dryRun: false,
      status: 3,
      statusName: 'Report Delivered',
      error: null,
    });

    const sent = smtp.received.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.rcptTo.sort()).toEqual(['buyer@example.com', 'cm@example.com', 'ops@example.com']);
    expect(sent[0]!.mail.subject).toBe(answer.wouldSend.subject);
    // The Message-ID comes from the run's delivery key: a resend after a crash is the same message.
    expect(sent[0]!.mail.messageId).toMatch(/^<run-[\w-]+@report-mailer\.shelfscope>$/);
    const [attachment] = sent[0]!.mail.attachments;
    const file = (await demo.get<{ rows: number; fileName: string }>(`exports/${run.fileId}`)).body.data!;
    expect(attachment!.filename).toBe(file.fileName);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(attachment!.content as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('Screen');
    // 4 header lines, the column headers, then the report's rows (the blank row is not counted).
    expect(sheet.actualRowCount).toBe(4 + 1 + file.rows);

    const runs = await demo.get<RunAnswer['run'][]>(`report-mailers/${mailer.id}/runs`);
    expect(runs.body.data!.map((r) => r.statusName)).toEqual(['Report Delivered', 'Report Manager Success']);
    expect((await rival.get(`report-mailers/${mailer.id}/runs`)).status).toBe(404);
  });

  it('a refused recipient leaves the run as Delivery Failed with the error', async () => {
    const created = await demo.post<MailerView>('report-mailers', {
      ...body,
      recipients: ['bounce@example.com'],
    });
    const { run } = await runNow(created.body.data!.id);
    expect(run).toMatchObject({ status: 4, statusName: 'Delivery Failed' });
    expect(run.error).toMatch(/no such mailbox/);
  });

  it("a schedule's occurrence (a job on the mailer queue) delivers the report off the request path", async () => {
    const before = smtp.received.length;
    await server.server.app.deps.jobs!.boss.send(MAILER_QUEUE, { mailerId: mailer.id });
    for (let i = 0; i < 300 && smtp.received.length === before; i++)
      await new Promise((r) => setTimeout(r, 100));
    const sent = smtp.received.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.rcptTo.sort()).toEqual(['buyer@example.com', 'cm@example.com', 'ops@example.com']);
    // The SMTP server has the message a moment before the run row says Delivered.
    let latest: RunAnswer['run'] | undefined;
    for (let i = 0; i < 50 && latest?.status !== 3; i++) {
      latest = (await demo.get<RunAnswer['run'][]>(`report-mailers/${mailer.id}/runs`)).body.data![0];
      if (latest?.status !== 3) await new Promise((r) => setTimeout(r, 100));
    }
    expect(latest).toMatchObject({ dryRun: false, statusName: 'Report Delivered' });
  });
});
