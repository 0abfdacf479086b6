import { io, type Socket } from 'socket.io-client';
import { EV, SOCKET_PATH } from '../../../src/shared/realtimeEvents.js';
import type { ApiClient } from './apiClient.js';

/**
 * A socket of the client's session, signed in and registered as the app's shell does it, so the
 * server's notifications for that user reach it. The caller closes it (pass it to a list closed
 * after the file).
 */
export async function registeredSocket(url: string, client: ApiClient): Promise<Socket> {
  const socket = io(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie: client.cookieHeader() },
  });
  await once(socket, EV.authSuccess);
  const registered = once(socket, EV.socketRegistered);
  socket.emit(EV.registerUser, {});
  await registered;
  return socket;
}

/** The next `event` on the socket, or a failure naming it after `ms` (not the test's timeout). */
function once(socket: Socket, event: string, ms = 10_000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}
