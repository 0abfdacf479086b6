/**
 * Report mailer deliveries: SFTP (an ssh2 server), FTP (ftp-srv) and Azure Blob
 * (azurite) started here, each with its well-kept client in the product; credentials sealed with
 * the app secret and never answered; run now as a queue job; a job delivered once is not sent
 * again when the queue hands it over a second time; failed re-trigger; delivery stats; groups apart.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { BlobServiceClient } from '@azure/storage-blob';
import { startTestServer, type TestServer } from './support/testServer.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestSftpServer, type TestSftpServer } from './support/testSftpServer.js';
import { startTestFtpServer, type TestFtpServer } from './support/testFtpServer.js';
import { startTestAzurite, type TestAzurite } from './support/testAzurite.js';
import { MAILER_QUEUE } from '../../src/server/features/reportMailers/mailerSchedule.js';
import { DELIVERY_FAILED } from '../../src/server/features/reportMailers/delivery/deliverReport.js';
import { DESTINATION_REFUSED } from '../../src/server/platform/http/outbound/outboundPolicy.js';
import { startBlackHole, type BlackHole } from './support/blackHole.js';

interface MailerView {
  id: number;
  distribution: string;
  target: Record<string, unknown>;
  secretSet: boolean;
  secret?: unknown;
}
interface RunView {
  id: number;
  mailerId: number;
  status: number;
  statusName: string;
  error: string | null;
  attempts: number;
  trigger: string;
  deliveredTo: string | null;
  fileId: number | null;
}

let sftp: TestSftpServer;
let ftp: TestFtpServer;
let azurite: TestAzurite;
let blackHole: BlackHole;
let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;

const base = {
  reportType: 'stock/data/export',
  filters: {},
  cron: '0 9 * * 1',
  timeZone: 'Asia/Kolkata',
  status: 'In-Active',
};

async function settled(client: ApiClient, mailerId: number, runId: number): Promise<RunView> {
  for (let i = 0; i < 600; i++) {
    const run = (await client.get<RunView[]>(`report-mailers/${mailerId}/runs`)).body.data!.find(
      (r) => r.id === runId,
    )!;
    if (run.status === 3 || run.status === 4) return run;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`run ${runId} did not settle`);
}

async function runNow(client: ApiClient, mailerId: number): Promise<RunView> {
  const started = await client.post<{ run: RunView }>(`report-mailers/${mailerId}/run`);
  expect(started.status).toBe(200);
  expect(started.body.data!.run).toMatchObject({ status: 2, statusName: 'In Progress', trigger: 'run' });
  return settled(client, mailerId, started.body.data!.run.id);
}

async function xlsxRows(bytes: Buffer): Promise<number> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book.worksheets[0]!.actualRowCount;
}

beforeAll(async () => {
  [sftp, ftp, azurite] = await Promise.all([startTestSftpServer(), startTestFtpServer(), startTestAzurite()]);
  blackHole = await startBlackHole();
  server = await startTestServer({
    // The test's SFTP, FTP and Azurite servers listen on loopback: allowed on purpose, and only
    // that one address (the refusals below try the rest of loopback and the private ranges).
    OUTBOUND_ALLOW: '127.0.0.1',
    DELIVERY_CONNECT_TIMEOUT_MS: '20000',
  });
  demo = await signIn(server);
  rival = await signIn(server, 'rival@shelfscope.test');
}, 480_000);

afterAll(async () => {
  await server?.close();
  await Promise.all([sftp?.close(), ftp?.close(), azurite?.close(), blackHole?.close()]);
});

describe('report deliveries', () => {
  let sftpMailer: MailerView;
  let sftpRun: RunView;

  it('keeps the SFTP password sealed in the store and never answers it', async () => {
    const created = await demo.post<MailerView>('report-mailers', {
      ...base,
      name: 'Stock to SFTP',
      distribution: 'sftp',
      target: { host: '127.0.0.1', port: sftp.port, username: sftp.username, path: '/outbox' },
      secret: sftp.password,
    });
    expect(created.status).toBe(200);
    sftpMailer = created.body.data!;
    expect(sftpMailer).toMatchObject({ distribution: 'sftp', secretSet: true });
    expect(sftpMailer.target).toEqual({
      host: '127.0.0.1',
      port: sftp.port,
      username: sftp.username,
      path: '/outbox',
    });
    expect(JSON.stringify(created.body)).not.toContain(sftp.password);
    const listed = (await demo.get<MailerView[]>('report-mailers')).body.data!;
    expect(JSON.stringify(listed)).not.toContain(sftp.password);
    expect(listed.find((m) => m.id === sftpMailer.id)).not.toHaveProperty('secret');

    const stored = await server.server.app.deps.store.db
      .selectFrom('report_mailers')
      .select('secret')
      .where('id', '=', sftpMailer.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret).toMatch(/^v1\./);
    expect(stored.secret).not.toContain(sftp.password);

    // An edit without `secret` keeps the stored one; missing credentials are a 400 and nothing changes.
    const kept = await demo.put<MailerView>(`report-mailers/${sftpMailer.id}`, {
      ...base,
      name: 'Stock to SFTP',
      distribution: 'sftp',
      target: { host: '127.0.0.1', port: sftp.port, username: sftp.username, path: '/outbox' },
    });
    expect(kept.body.data!.secretSet).toBe(true);
    const bad = await demo.post('report-mailers', {
      ...base,
      name: 'x',
      distribution: 'ftp',
      target: { host: 'h' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Username is a required attribute.');
    const badAzure = await demo.post('report-mailers', {
      ...base,
      name: 'x',
      distribution: 'azure',
      target: {},
    });
    expect(badAzure.body.msg).toBe('Container is a required attribute.');
  });

  it('dry run names the remote file and uploads nothing; run now uploads it through the queue', async () => {
    const dry = await demo.post<{ wouldSend: { destination: string }; run: RunView }>(
      `report-mailers/${sftpMailer.id}/dry-run`,
    );
    expect(dry.body.data!.run).toMatchObject({ status: 1, statusName: 'Report Manager Success' });
    expect(dry.body.data!.wouldSend.destination).toMatch(
      new RegExp(
        `^sftp://reports@127\\.0\\.0\\.1:${sftp.port}/outbox/Stock-to-SFTP-\\d{4}-\\d\\d-\\d\\d-r\\d+\\.xlsx$`,
      ),
    );
    expect(sftp.files()).toEqual([]);

    const t0 = Date.now();
    sftpRun = await runNow(demo, sftpMailer.id);
    console.log(`sftp run now -> delivered in ${Date.now() - t0} ms`);
    expect(sftpRun).toMatchObject({ status: 3, statusName: 'Report Delivered', attempts: 1, error: null });
    const [file] = sftp.files();
    expect(sftp.files()).toEqual([file]);
    expect(file).toBe(`outbox/Stock-to-SFTP-${new Date().toISOString().slice(0, 10)}-r${sftpRun.id}.xlsx`);
    expect(sftpRun.deliveredTo).toBe(`sftp://reports@127.0.0.1:${sftp.port}/${file}`);
    const report = (await demo.get<{ rows: number }>(`exports/${sftpRun.fileId}`)).body.data!;
    expect(await xlsxRows(readFileSync(path.join(sftp.root, file!)))).toBe(4 + 1 + report.rows);
  });

  it('a job handed over again after its delivery was stored sends nothing twice', async () => {
    const opens = sftp.opened.length;
    const boss = server.server.app.deps.jobs!.boss;
    const again = await boss.send(
      MAILER_QUEUE,
      { mailerId: sftpMailer.id, runId: sftpRun.id },
      { singletonKey: `run-${sftpRun.id}` },
    );
    for (let i = 0; i < 100; i++) {
      const job = await boss.getJobById(MAILER_QUEUE, again!);
      if (job?.state === 'completed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await boss.getJobById(MAILER_QUEUE, again!))?.state).toBe('completed');
    expect(sftp.opened.length).toBe(opens);
    const runs = (await demo.get<RunView[]>(`report-mailers/${sftpMailer.id}/runs`)).body.data!;
    expect(runs.find((r) => r.id === sftpRun.id)).toMatchObject({ status: 3, attempts: 1 });
  });

  it('delivers over FTP (ftp-srv) and to Azure Blob (azurite)', async () => {
    const ftpMailer = (
      await demo.post<MailerView>('report-mailers', {
        ...base,
        name: 'Stock to FTP',
        format: 'csv',
        distribution: 'ftp',
        target: { host: '127.0.0.1', port: ftp.port, username: ftp.username, path: 'drop/daily' },
        secret: ftp.password,
      })
    ).body.data!;
    const ftpRun = await runNow(demo, ftpMailer.id);
    expect(ftpRun).toMatchObject({ status: 3, error: null });
    const name = `Stock-to-FTP-${new Date().toISOString().slice(0, 10)}-r${ftpRun.id}.csv`;
    expect(ftp.files('drop/daily')).toEqual([name]);
    expect(readFileSync(path.join(ftp.root, 'drop/daily', name), 'utf8')).toContain('Screen');

    const azureMailer = (
      await demo.post<MailerView>('report-mailers', {
        ...base,
        name: 'Stock to Azure',
        distribution: 'azure',
        target: { container: 'shelf-reports', path: 'weekly' },
        secret: azurite.connectionString,
      })
    ).body.data!;
    const azureRun = await runNow(demo, azureMailer.id);
    expect(azureRun).toMatchObject({ status: 3, error: null });
    const container = BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient(
      'shelf-reports',
    );
    const blobs: string[] = [];
    for await (const blob of container.listBlobsFlat()) blobs.push(blob.name);
    const blobName = `weekly/Stock-to-Azure-${new Date().toISOString().slice(0, 10)}-r${azureRun.id}.xlsx`;
    expect(blobs).toEqual([blobName]);
    expect(azureRun.deliveredTo).toBe(container.getBlockBlobClient(blobName).url);
    expect(await xlsxRows(await container.getBlockBlobClient(blobName).downloadToBuffer())).toBeGreaterThan(
      5,
    );
  });

  it('a wrong password fails with the error after retries; re-trigger after the fix delivers the same run', async () => {
    const wrong = (
      await demo.post<MailerView>('report-mailers', {
        ...base,
        name: 'Wrong password',
        distribution: 'sftp',
        target: { host: '127.0.0.1', port: sftp.port, username: sftp.username },
        secret: 'not-the-password',
      })
    ).body.data!;
    // Straight from the worker, without the queue's back-off: one attempt, the run shows the error.
    const started = await demo.post<{ run: RunView }>(`report-mailers/${wrong.id}/run`);
    const failed = await settled(demo, wrong.id, started.body.data!.run.id);
    expect(failed).toMatchObject({ status: 4, statusName: 'Delivery Failed' });
    // Worded the same for every far side (a refused sign-in, a closed port, a silent one).
    expect(failed.error).toBe(DELIVERY_FAILED);

    const failedList = (await demo.get<RunView[]>('report-mailer-runs?status=4')).body.data!;
    expect(failedList.map((r) => r.id)).toContain(failed.id);
    expect(
      (await rival.get<RunView[]>('report-mailer-runs?status=4')).body.data!.map((r) => r.id),
    ).not.toContain(failed.id);
    expect((await rival.post(`report-mailer-runs/${failed.id}/retrigger`)).status).toBe(404);
    const delivered = await demo.post(`report-mailer-runs/${sftpRun.id}/retrigger`);
    expect(delivered.status).toBe(400);
    expect(delivered.body.msg).toBe('Only a failed delivery can be re-triggered');

    await demo.put(`report-mailers/${wrong.id}`, {
      ...base,
      name: 'Wrong password',
      distribution: 'sftp',
      target: { host: '127.0.0.1', port: sftp.port, username: sftp.username },
      secret: sftp.password,
    });
    const again = await demo.post<RunView>(`report-mailer-runs/${failed.id}/retrigger`);
    expect(again.body.data).toMatchObject({ id: failed.id, status: 2, trigger: 'retrigger' });
    const fixed = await settled(demo, wrong.id, failed.id);
    expect(fixed).toMatchObject({ status: 3, statusName: 'Report Delivered', error: null });
    expect(fixed.attempts).toBeGreaterThanOrEqual(2);
    expect(sftp.files()).toContain(
      `Wrong-password-${new Date().toISOString().slice(0, 10)}-r${failed.id}.xlsx`,
    );
  });

  it('delivery stats count the group’s runs per distribution; the rival sees none of them', async () => {
    const stats = (
      await demo.get<{
        total: Record<string, number>;
        byDistribution: Record<string, Record<string, number>>;
      }>('report-mailer-runs/stats?days=7')
    ).body.data!;
    expect(stats.byDistribution.sftp).toMatchObject({ delivered: 2, failed: 0, dryRuns: 1 });
    expect(stats.byDistribution.ftp).toMatchObject({ delivered: 1, runs: 1, successRate: 100 });
    expect(stats.byDistribution.azure).toMatchObject({ delivered: 1 });
    expect(stats.total).toMatchObject({ delivered: 4, dryRuns: 1 });
    expect(stats.total.meanDeliverySeconds).toBeGreaterThan(0);
    const theirs = (await rival.get<{ total: Record<string, number> }>('report-mailer-runs/stats')).body
      .data!;
    expect(theirs.total.runs).toBe(0);
    expect((await demo.get('report-mailer-runs/stats?days=0')).status).toBe(400);
  });

  it('the screens read the group’s rows only (mailers, runs, deliveries, stats); the analyst gets 403', async () => {
    type Page = { rows: { id: number; distribution?: string; dryRun?: boolean }[]; total: number };
    const mailers = (await demo.get<Page>('report-mailers/rows?limit=20&offset=0')).body.data!;
    expect(mailers.rows.map((r) => r.id)).toContain(sftpMailer.id);
    expect(mailers.total).toBe(mailers.rows.length);
    expect(JSON.stringify(mailers)).not.toContain(sftp.password);
    expect((await rival.get<Page>('report-mailers/rows')).body.data!.total).toBe(0);
    const runs = (await demo.get<Page>('report-mailer-runs/rows')).body.data!;
    const deliveries = (await demo.get<Page>('report-mailer-runs/deliveries/rows')).body.data!;
    expect(runs.rows.some((r) => r.dryRun)).toBe(true);
    expect(deliveries.rows.some((r) => r.dryRun)).toBe(false);
    expect(deliveries.total).toBe(runs.total - 1);
    expect((await rival.get<Page>('report-mailer-runs/rows')).body.data!.total).toBe(0);
    const stats = (await demo.get<Page>('report-mailer-runs/stats/rows')).body.data!;
    expect(stats.rows.map((r) => r.distribution)).toContain('Total (30 days)');
    const refused = await demo.post('report-mailer-runs/retrigger', { id: sftpRun.id });
    expect(refused.body.msg).toBe('Only a failed delivery can be re-triggered');
    expect((await rival.post('report-mailers/dry-run', { id: sftpMailer.id })).status).toBe(404);

    const analyst = await signIn(server, 'analyst@shelfscope.test');
    for (const path of [
      'report-mailers/rows',
      'report-mailer-runs/rows',
      'report-mailer-runs/deliveries/rows',
    ])
      expect((await analyst.get(path)).status, path).toBe(403);
    expect((await analyst.post('report-mailer-runs/retrigger', { id: sftpRun.id })).status).toBe(403);
  });
});

describe('outbound destinations and fair deliveries', () => {
  const sftpTo = (name: string, host: string, port = 22) => ({
    ...base,
    name,
    distribution: 'sftp',
    target: { host, port, username: 'reports' },
    secret: 'x',
  });

  it('refuses a private, loopback, link-local or metadata host at save in any encoding: 400, nothing saved', async () => {
    const before = (await demo.get<MailerView[]>('report-mailers')).body.data!.length;
    const hosts = ['127.0.0.2', '10.0.0.5', '0x0a000005', '167772165', '169.254.169.254', '[::1]', '::1'];
    for (const host of [...hosts, '100.64.0.1', '192.168.1.10', '0.0.0.0', 'fd00::1']) {
      const saved = await demo.post('report-mailers', sftpTo(`Private ${host}`, host));
      expect(saved.status, host).toBe(400);
      // A bracketed host is already refused by the body schema's host pattern.
      if (!host.startsWith('[')) expect(saved.body.msg, host).toBe(DESTINATION_REFUSED);
    }
    const ftpSaved = await demo.post('report-mailers', {
      ...sftpTo('ftp', '10.1.1.1', 21),
      distribution: 'ftp',
    });
    expect(ftpSaved.body.msg).toBe(DESTINATION_REFUSED);
    const azure = await demo.post('report-mailers', {
      ...base,
      name: 'Metadata blob',
      distribution: 'azure',
      target: { container: 'reports' },
      secret:
        'DefaultEndpointsProtocol=http;AccountName=a;AccountKey=eA==;BlobEndpoint=http://169.254.169.254/a;',
    });
    expect(azure.status).toBe(400);
    expect(azure.body.msg).toBe(DESTINATION_REFUSED);
    expect((await demo.get<MailerView[]>('report-mailers')).body.data!.length).toBe(before);
  });

  it('checks the address again when it connects: a destination turned private fails with the plain message', async () => {
    const saved = (
      await demo.post<MailerView>('report-mailers', sftpTo('Turns private', '127.0.0.1', sftp.port))
    ).body.data!;
    // As a name whose DNS answer changed after the save would: the stored host is now private.
    await server.server.app.deps.store.db
      .updateTable('report_mailers')
      .set({ target: JSON.stringify({ host: '10.0.0.5', port: sftp.port, username: 'reports' }) })
      .where('id', '=', saved.id)
      .execute();
    const run = await runNow(demo, saved.id);
    expect(run).toMatchObject({ status: 4, error: DESTINATION_REFUSED });
  });

  it("one tenant's silent destination does not hold another's delivery; a closed port reads like any failure", async () => {
    const silent = (
      await demo.post<MailerView>('report-mailers', sftpTo('Black hole', '127.0.0.1', blackHole.port))
    ).body.data!;
    const stuck = await demo.post<{ run: RunView }>(`report-mailers/${silent.id}/run`);
    const stuckRun = stuck.body.data!.run;
    const rivalMailer = (
      await rival.post<MailerView>('report-mailers', {
        ...base,
        name: 'Rival to SFTP',
        distribution: 'sftp',
        target: { host: '127.0.0.1', port: sftp.port, username: sftp.username, path: '/rival' },
        secret: sftp.password,
      })
    ).body.data!;
    const delivered = await runNow(rival, rivalMailer.id);
    expect(delivered).toMatchObject({ status: 3, statusName: 'Report Delivered' });
    // Still held by its silent far side when the other tenant's delivery is done.
    expect(blackHole.connections()).toBeGreaterThan(0);
    const held = (await demo.get<RunView[]>(`report-mailers/${silent.id}/runs`)).body.data!;
    // In Progress, or its report built (Report Manager Success) and the upload still waiting.
    expect([1, 2]).toContain(held.find((r) => r.id === stuckRun.id)!.status);
    const failed = await settled(demo, silent.id, stuckRun.id);
    expect(failed).toMatchObject({ status: 4, error: DELIVERY_FAILED });

    const closedPort = (
      await demo.post<MailerView>('report-mailers', sftpTo('Closed port', '127.0.0.1', blackHole.closedPort))
    ).body.data!;
    expect(await runNow(demo, closedPort.id)).toMatchObject({ status: 4, error: DELIVERY_FAILED });
  });
});
