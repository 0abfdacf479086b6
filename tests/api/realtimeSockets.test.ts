/**
 * The realtime socket over a real server and real websockets. The session
 * cookie authenticates it; report progress reaches the user who started the export, in the group
 * it ran for, and never a socket of another group; logout ends the socket with force-disconnect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from './support/testServer.js';
import { signIn } from './support/signIn.js';
import type { ApiClient } from './support/apiClient.js';
import { EV, SOCKET_PATH, type ReportNotification } from '../../src/shared/realtimeEvents.js';

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ REALTIME_RECHECK_MS: '200' });
  demo = await signIn(server);
  rival = await signIn(server, 'rival@shelfscope.test');
}, 600_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.close();
});

function connect(cookie?: string, origin?: string): Socket {
  const socket = io(server.url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
  });
  sockets.push(socket);
  return socket;
}

function next<T>(socket: Socket, event: string, ms = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Resolves once the server has closed the socket (it may already have). */
async function closed(socket: Socket): Promise<void> {
  if (!socket.connected) return;
  await next(socket, 'disconnect');
}

/** Connects with the client's session and registers; resolves with the registration payload. */
async function registered(client: ApiClient): Promise<{ socket: Socket; who: { groupId: number } }> {
  const socket = connect(client.cookieHeader());
  await next(socket, EV.authSuccess);
  const answer = next<{ groupId: number }>(socket, EV.socketRegistered);
  socket.emit(EV.registerUser, {});
  return { socket, who: await answer };
}

function collect(socket: Socket): ReportNotification[] {
  const seen: ReportNotification[] = [];
  // Alerts of the group share the event; these tests follow report jobs.
  socket.on(EV.notification, (n: ReportNotification) => n.type === 'report' && seen.push(n));
  return seen;
}

async function exportOf(client: ApiClient): Promise<number> {
  const res = await client.post<{ id: number }>('exports', {
    endpoint: 'stock/data/export',
    params: {},
    format: 'csv',
  });
  expect(res.status).toBe(200);
  return res.body.data!.id;
}

async function until(check: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('realtime socket', () => {
  it('refuses a socket without a session with authfail and the spec message', async () => {
    const socket = connect();
    const fail = await next<{ msg: string }>(socket, EV.authFail);
    expect(fail.msg).toBe('Unable to connect, please login again');
    await closed(socket);
  });

  it('refuses a forged session cookie', async () => {
    const socket = connect('sid=not-a-session');
    expect((await next<{ msg: string }>(socket, EV.authFail)).msg).toBe(
      'Unable to connect, please login again',
    );
  });

  it('refuses a handshake from another site even with a valid session, as CSRF does on HTTP', async () => {
    const foreign = connect(demo.cookieHeader(), 'https://attacker.example');
    const refused = await next<Error>(foreign, 'connect_error');
    expect(refused).toBeInstanceOf(Error);
    expect(foreign.connected).toBe(false);
    const own = connect(demo.cookieHeader(), server.url);
    await next(own, EV.authSuccess);
    own.disconnect();
  });

  it('pushes export progress to its user only, never to another group', async () => {
    const a = await registered(demo);
    const b = await registered(rival);
    expect(a.who.groupId).not.toBe(b.who.groupId);
    const seenA = collect(a.socket);
    const seenB = collect(b.socket);

    const fileA = await exportOf(demo);
    const fileB = await exportOf(rival);
    await until(() => seenA.some((n) => n.fileId === fileA && n.status === 'ready'));
    await until(() => seenB.some((n) => n.fileId === fileB && n.status === 'ready'));

    expect(seenA.every((n) => n.fileId === fileA)).toBe(true);
    expect(seenB.every((n) => n.fileId === fileB)).toBe(true);
    const ready = seenA.find((n) => n.status === 'ready')!;
    expect(ready).toMatchObject({ type: 'report', percent: 100 });
    expect(ready.rows).toBeGreaterThan(0);
    // The file the notification names downloads for its group, not for the other.
    expect((await demo.raw('GET', `s3/file?id=${fileA}`)).status).toBe(200);
    expect((await rival.raw('GET', `s3/file?id=${fileA}`)).status).toBe(404);
  }, 90_000);

  it('a socket that did not register gets no notifications', async () => {
    const socket = connect(demo.cookieHeader());
    await next(socket, EV.authSuccess);
    const seen = collect(socket);
    const watcher = await registered(demo);
    const seenRegistered = collect(watcher.socket);
    const file = await exportOf(demo);
    await until(() => seenRegistered.some((n) => n.fileId === file && n.status === 'ready'));
    expect(seen).toEqual([]);
  }, 90_000);

  it('delete-all from one tab reaches the user’s other tabs', async () => {
    const one = await registered(demo);
    const two = await registered(demo);
    const other = await registered(rival);
    let rivalGot = false;
    other.socket.on(EV.deleteAll, () => (rivalGot = true));
    const cleared = next(two.socket, EV.deleteAll);
    one.socket.emit(EV.deleteAll);
    await cleared;
    await new Promise((r) => setTimeout(r, 300));
    expect(rivalGot).toBe(false);
  });

  it('logout ends the session’s sockets with force-disconnect', async () => {
    const leaving = await signIn(server);
    const { socket } = await registered(leaving);
    const forced = next<{ msg: string }>(socket, EV.forceDisconnect);
    expect((await leaving.post('logout')).status).toBe(200);
    expect((await forced).msg).toBe('Unable to connect, please login again');
    await closed(socket);
  });
});
