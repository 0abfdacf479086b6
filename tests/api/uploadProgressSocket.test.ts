/**
 * An upload's progress over the realtime socket (rows validated, loading, the end)
 * reaches the sockets of the user who sent the file, in that group, and never a socket of
 * another group. Real server, real websockets (socket.io-client), real xlsx files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import { EV, type MailerNotification, type UploadNotification } from '../../src/shared/realtimeEvents.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { registeredSocket } from './support/registeredSocket.js';
import { startTestServer, type TestServer } from './support/testServer.js';
import { CHANNEL_SALES, SALES_HEADER, uploadFile, XLSX_MIME, xlsxOf } from './support/uploadClient.js';

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  demo = await signIn(server);
  rival = await signIn(server, DEMO_USERS.rival);
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.close();
});

/** A registered socket of the client's session and the upload notifications it receives. */
async function uploadWatcher(
  client: ApiClient,
): Promise<{ seen: UploadNotification[]; ended: () => Promise<void> }> {
  const socket = await registeredSocket(server.url, client);
  sockets.push(socket);
  const seen: UploadNotification[] = [];
  let end: () => void = () => undefined;
  const endSeen = new Promise<void>((resolve) => (end = resolve));
  socket.on(EV.notification, (n: UploadNotification) => {
    if (n.type !== 'upload') return;
    seen.push(n);
    if (!['validating', 'loading'].includes(n.status)) end();
  });
  return { seen, ended: () => endSeen };
}

const skusOf = async (groupId: number) =>
  (
    await server.server.app.deps.warehouse.query<{ s: string }>(
      'SELECT sku_code AS s FROM dim_product WHERE group_id = $1 ORDER BY 1',
      [groupId],
    )
  ).map((r) => r.s);

const salesFile = async (rows: unknown[][]) => ({
  name: 'sales.xlsx',
  type: XLSX_MIME,
  bytes: await xlsxOf(SALES_HEADER, rows),
});

/** Every day of January to March 2026 x two channels x the SKUs: over 10k distinct rows. */
function manyRows(skus: readonly string[]): unknown[][] {
  const rows: unknown[][] = [];
  for (
    let d = new Date('2026-01-01T00:00:00Z');
    d < new Date('2026-04-01T00:00:00Z');
    d.setUTCDate(d.getUTCDate() + 1)
  )
    for (const channel of ['Amazon', 'Flipkart'])
      for (const sku of skus) rows.push([channel, d.toISOString().slice(0, 10), sku, 2, 20]);
  return rows;
}

describe('upload progress over the socket', () => {
  it("pushes rows validated, loading and loaded to the sender's socket, never to another group's", async () => {
    const sender = await uploadWatcher(demo);
    const other = await uploadWatcher(rival);
    const rows = manyRows(await skusOf(1));
    expect(rows.length).toBeGreaterThan(10_000);
    const answer = await uploadFile(demo, CHANNEL_SALES, await salesFile(rows));
    expect(answer.status).toBe(200);
    await sender.ended();
    const runId = answer.body.data!.runId;
    const statuses = sender.seen.map((n) => `${n.status}:${n.rowsValidated}`);
    expect(statuses).toEqual([
      'validating:0',
      'validating:10000',
      `loading:${rows.length}`,
      `loaded:${rows.length}`,
    ]);
    expect(sender.seen.at(-1)).toEqual({
      type: 'upload',
      key: 'sales/channelsales/sales',
      runId,
      status: 'loaded',
      rowsValidated: rows.length,
      rowsLoaded: rows.length,
      rowsFailed: 0,
    });
    expect(other.seen).toEqual([]);
  }, 120_000);

  it("tells the sender a file was rejected, with its bad rows; the other group's socket hears nothing", async () => {
    const sender = await uploadWatcher(rival);
    const other = await uploadWatcher(demo);
    const [sku] = await skusOf(2);
    const answer = await uploadFile(
      rival,
      CHANNEL_SALES,
      await salesFile([
        ['Amazon', '2026-01-05', sku, 3, 30],
        ['Nowhere', '2026-01-05', sku, 3, 30],
        ['Amazon', 'not a date', sku, 3, 30],
      ]),
    );
    expect(answer.status).toBe(400);
    await sender.ended();
    expect(sender.seen.at(-1)).toMatchObject({
      status: 'rejected',
      rowsValidated: 3,
      rowsLoaded: 0,
      rowsFailed: 2,
    });
    expect(other.seen).toEqual([]);
  });

  it('tells the sender a refused file was refused', async () => {
    const sender = await uploadWatcher(demo);
    const answer = await uploadFile(demo, CHANNEL_SALES, await salesFile([]));
    expect(answer.status).toBe(400);
    await sender.ended();
    expect(sender.seen.map((n) => n.status)).toEqual(['refused']);
  });
});

describe('report mailer run progress over the socket', () => {
  it("pushes a dry run's steps (In Progress, then Report Manager Success) to its starter only", async () => {
    const watch = async (client: ApiClient) => {
      const socket = await registeredSocket(server.url, client);
      sockets.push(socket);
      const seen: MailerNotification[] = [];
      socket.on(EV.notification, (n: MailerNotification) => void (n.type === 'mailer' && seen.push(n)));
      return seen;
    };
    const mine = await watch(demo);
    const theirs = await watch(rival);
    const created = await demo.post<{ id: number }>('report-mailers', {
      name: 'Progress weekly',
      reportType: 'stock/data/export',
      filters: {},
      recipients: ['buyer@example.com'],
      cron: '0 9 * * 1',
      timeZone: 'Asia/Kolkata',
    });
    expect(created.status).toBe(200);
    const dry = await demo.post<{ run: { id: number; status: number } }>('report-mailers/dry-run', {
      id: created.body.data!.id,
    });
    expect(dry.status).toBe(200);
    const run = dry.body.data!.run;
    await expect.poll(() => mine.at(-1)?.status, { timeout: 10_000 }).toBe(1);
    expect(mine.every((n) => n.runId === run.id && n.mailerId === created.body.data!.id && n.dryRun)).toBe(
      true,
    );
    expect(mine[0]).toMatchObject({ status: 2, statusName: 'In Progress' });
    expect(mine.at(-1)).toMatchObject({ status: run.status, statusName: 'Report Manager Success' });
    expect(theirs).toEqual([]);
  });
});
