import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Deps } from '../../platform/deps.js';
import type { AlertEvent, MailerEvent, ReportEvent, UploadEvent } from '../../platform/jobs/jobEvents.js';
import {
  EV,
  SOCKET_AUTH_FAIL,
  SOCKET_ERROR,
  SOCKET_PATH,
  type AlertNotification,
  type ReportNotification,
  type MailerNotification,
  type UploadNotification,
} from '../../../shared/realtimeEvents.js';
import { findSocketCaller, sessionTokenOf, type SocketCaller } from './socketCaller.js';
import { groupRoom, sessionRoom, userRoom } from './socketRooms.js';
import { socketOriginAllowed } from './socketOrigin.js';

export interface Realtime {
  io: AppServer;
  close(): Promise<void>;
}

/** Event names are checked by EV; payloads are plain objects. */
type Events = Record<string, (...args: unknown[]) => void>;
type AppServer = Server<Events, Events, Events, SocketData>;
type AppSocket = Socket<Events, Events, Events, SocketData>;

interface SocketData {
  token: string | undefined;
  caller: Promise<SocketCaller | null>;
}

/**
 * socket.io on the API's HTTP server (websocket transport only). A socket is authenticated by
 * the session cookie of its handshake; `registerUser` joins the room of its user in its group,
 * where report progress goes. Sessions are checked again every `recheckMs`: a logged-out,
 * blocked or group-switched session gets `force-disconnect`. With REDIS_URL the Redis adapter
 * makes several instances one room space.
 */
export function attachRealtime(httpServer: HttpServer, deps: Deps, recheckMs: number): Realtime {
  const io = new Server<Events, Events, Events, SocketData>(httpServer, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    // A cross-site page could otherwise open a socket with the user's cookie (socketOrigin.ts).
    allowRequest: (request, answer) => answer(null, socketOriginAllowed(request, deps.env)),
  });
  const redis = deps.env.REDIS_URL ? redisPair(deps.env.REDIS_URL) : [];
  if (redis.length) io.adapter(createAdapter(redis[0], redis[1]));

  io.on('connection', (socket) => onConnection(deps, socket));

  const relay = (event: ReportEvent): void => {
    if (event.userId === null) return;
    const note: ReportNotification = {
      type: 'report',
      fileId: event.fileId,
      status: event.status,
      rows: event.rows,
      percent: event.percent,
      fileName: event.fileName,
      ...(event.error ? { error: event.error } : {}),
    };
    io.to(userRoom(event.groupId, event.userId)).emit(EV.notification, note);
  };
  deps.jobs?.events.on('report', relay);
  const relayAlert = (event: AlertEvent): void => {
    const note: AlertNotification = { type: 'alert', count: event.count, title: event.title };
    io.to(groupRoom(event.groupId)).emit(EV.notification, note);
  };
  deps.jobs?.events.on('alert', relayAlert);
  // Upload progress goes to the sender's sockets in the group of the upload, like report jobs.
  const relayUpload = ({ groupId, userId, ...progress }: UploadEvent): void => {
    const note: UploadNotification = { type: 'upload', ...progress };
    io.to(userRoom(groupId, userId)).emit(EV.notification, note);
  };
  deps.jobs?.events.on('upload', relayUpload);
  // A mailer run's steps go to the sockets of the user who started it, in the mailer's group.
  const relayMailer = ({ groupId, userId, ...step }: MailerEvent): void => {
    const note: MailerNotification = { type: 'mailer', ...step };
    io.to(userRoom(groupId, userId)).emit(EV.notification, note);
  };
  deps.jobs?.events.on('mailer', relayMailer);

  const timer = setInterval(() => void recheck(deps, io), recheckMs);
  timer.unref();

  return {
    io,
    async close() {
      clearInterval(timer);
      deps.jobs?.events.off('report', relay);
      deps.jobs?.events.off('alert', relayAlert);
      deps.jobs?.events.off('upload', relayUpload);
      deps.jobs?.events.off('mailer', relayMailer);
      io.local.disconnectSockets(true);
      // Not io.close(): that also closes the HTTP server, which Fastify closes itself.
      io.engine.close();
      await Promise.all(redis.map((r) => r.quit().catch(() => undefined)));
    },
  };
}

function onConnection(deps: Deps, socket: AppSocket): void {
  const token = sessionTokenOf(socket.handshake.headers.cookie);
  socket.data.token = token;
  // Handlers wait on the lookup, so a registerUser sent right after connecting is not lost.
  socket.data.caller = findSocketCaller(deps.store, token).catch(() => null);
  void socket.data.caller.then((caller) => {
    if (!caller) return refuse(socket);
    void socket.join(sessionRoom(caller.sessionId));
    socket.emit(EV.authSuccess, { userId: caller.userId, groupId: caller.groupId });
  });

  socket.on(EV.registerUser, () => {
    void socket.data.caller.then((caller) => {
      if (!caller) return void socket.emit(EV.error, { msg: SOCKET_ERROR });
      void socket.join([userRoom(caller.groupId, caller.userId), groupRoom(caller.groupId)]);
      socket.emit(EV.socketRegistered, { userId: caller.userId, groupId: caller.groupId });
    });
  });

  // One tab cleared its notifications: the user's other tabs (in this group) clear theirs.
  socket.on(EV.deleteAll, () => {
    void socket.data.caller.then((caller) => {
      if (caller) socket.to(userRoom(caller.groupId, caller.userId)).emit(EV.deleteAll, {});
    });
  });
}

/** Publisher and subscriber; a Redis that is down is logged once per outage, not per retry. */
function redisPair(url: string): [Redis, Redis] {
  const pair: [Redis, Redis] = [new Redis(url), new Redis(url)];
  for (const client of pair) {
    let down = false;
    client.on('error', (error: Error) => {
      if (!down) console.error('realtime: Redis unavailable:', error.message);
      down = true;
    });
    client.on('ready', () => (down = false));
  }
  return pair;
}

function refuse(socket: AppSocket): void {
  socket.emit(EV.authFail, { msg: SOCKET_AUTH_FAIL });
  socket.disconnect(true);
}

/** Each local socket's session again: gone, blocked or moved to another group ends the socket. */
async function recheck(deps: Deps, io: AppServer): Promise<void> {
  for (const socket of io.of('/').sockets.values()) {
    const before = await socket.data.caller;
    if (!before) continue;
    const now = await findSocketCaller(deps.store, socket.data.token).catch(() => before);
    if (now && now.groupId === before.groupId && now.userId === before.userId) continue;
    socket.emit(EV.forceDisconnect, { msg: SOCKET_AUTH_FAIL });
    socket.disconnect(true);
  }
}
