/**
 * Issue 13 §5: two instances on one PostgreSQL store and the machine's Redis behave as one. A
 * socket on each instance, the export started through the first: whichever instance's queue
 * worker runs the job, both sockets get its notification (the Redis adapter carries it across),
 * and a rival group's socket on either instance gets none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from './support/testServer.js';
import { signIn } from './support/signIn.js';
import { ApiClient } from './support/apiClient.js';
import {
  createPgTestDatabase,
  type PgTestDatabase,
} from '../../src/server/platform/store/testing/pgTestDatabase.js';
import { EV, SOCKET_PATH, type ReportNotification } from '../../src/shared/realtimeEvents.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let store: PgTestDatabase;
let warehouse: PgTestDatabase;
let one: TestServer;
let two: TestServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  store = await createPgTestDatabase('ss_rt_store');
  warehouse = await createPgTestDatabase('ss_rt_wh');
  const shared = { DATABASE_URL: store.url, WAREHOUSE_URL: warehouse.url, REDIS_URL };
  one = await startTestServer(shared);
  // Same store, warehouse and files: a second instance behind the same address.
  two = await startTestServer({ ...shared, DATA_DIR: one.dataDir });
}, 300_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await two?.server.close();
  await one?.close();
  await warehouse?.drop();
  await store?.drop();
});

async function registeredSocket(url: string, cookie: string): Promise<ReportNotification[]> {
  const socket = io(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie },
  });
  sockets.push(socket);
  const seen: ReportNotification[] = [];
  // Alerts of the group (issue 13 §4) share the event; this test follows a report job.
  socket.on(EV.notification, (n: ReportNotification) => n.type === 'report' && seen.push(n));
  await new Promise<void>((resolve, reject) => {
    socket.once(EV.authFail, () => reject(new Error('authfail')));
    socket.once(EV.socketRegistered, () => resolve());
    socket.once(EV.authSuccess, () => socket.emit(EV.registerUser, {}));
  });
  return seen;
}

async function until(check: () => boolean, ms = 90_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('two instances with Redis', () => {
  it('an export started on one instance notifies the user’s sockets on both, and no other group', async () => {
    const demo = await signIn(one);
    const rival = await signIn(one, 'rival@shelfscope.test');
    const onOne = await registeredSocket(one.url, demo.cookieHeader());
    const onTwo = await registeredSocket(two.url, demo.cookieHeader());
    const rivalOnTwo = await registeredSocket(two.url, rival.cookieHeader());

    const started = await demo.post<{ id: number }>('exports', {
      endpoint: 'stock/data/export',
      params: {},
      format: 'csv',
    });
    expect(started.status).toBe(200);
    const id = started.body.data!.id;
    const ready = (seen: ReportNotification[]) => seen.some((n) => n.fileId === id && n.status === 'ready');
    await until(() => ready(onOne) && ready(onTwo));
    // Each instance relays only the events its own worker emitted, once: no duplicates across them.
    expect(onOne.filter((n) => n.status === 'ready')).toHaveLength(1);
    expect(onTwo.filter((n) => n.status === 'ready')).toHaveLength(1);
    expect(rivalOnTwo).toEqual([]);
    // The file is downloadable through the other instance too.
    const viaTwo = new ApiClient(two.url);
    expect(
      (await viaTwo.raw('GET', `s3/file?id=${id}`, { headers: { cookie: demo.cookieHeader() } })).status,
    ).toBe(200);
  }, 180_000);
});
