import { io, type Socket } from 'socket.io-client';
import { proxy } from 'valtio';
import {
  EV,
  RECONNECTION_ATTEMPTS,
  SOCKET_AUTH_FAIL,
  SOCKET_ERROR,
  SOCKET_PATH,
  type AlertNotification,
  type MailerNotification,
  type ReportNotification,
  type UploadNotification,
} from '../../shared/realtimeEvents.js';
import { notify } from '../services/toast.js';

export interface PendingExport {
  endpoint: string;
  percent: number;
  rows: number;
}

/** Exports this tab waits for, by file id: what the download buttons show while they run. */
export const pendingExports = proxy<{ files: Record<number, PendingExport> }>({
  files: {},
});

let socket: Socket | null = null;
/** The header's bell: while one listens, the socket stays open after the last export. */
const alertListeners = new Set<(note: AlertNotification) => void>();
/** Upload widgets following a file they sent: while one listens, the socket stays open too. */
const uploadListeners = new Set<(note: UploadNotification) => void>();
/** Mailer runs this tab started (Run Now, Dry Run), by run id: each step shows as a toast. */
const followedRuns = new Map<number, string>();
let registered: Promise<void> | null = null;
/** Registered and connected now: pushes arrive, so nothing needs polling. */
let live = false;

/** Whether the socket delivers notifications at this moment (false while down or reconnecting). */
export function socketLive(): boolean {
  return live;
}

/** Nothing waits on the socket any more: no export, no bell, no upload. */
function idle(): boolean {
  return (
    alertListeners.size === 0 &&
    uploadListeners.size === 0 &&
    followedRuns.size === 0 &&
    Object.keys(pendingExports.files).length === 0
  );
}

/**
 * The spec's realtime flow: open the socket (websocket, 3 reconnection attempts, the session
 * cookie authenticates it), register the user, and on a report notification download the file;
 * the socket closes once nothing is pending. Failures show the spec's messages.
 */
export function ensureRegistered(): Promise<void> {
  if (registered) return registered;
  const s = io({
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnectionAttempts: RECONNECTION_ATTEMPTS,
    withCredentials: true,
  });
  socket = s;
  registered = new Promise<void>((resolve, reject) => {
    s.on(EV.authSuccess, () => s.emit(EV.registerUser, {}));
    s.on(EV.socketRegistered, () => {
      live = true;
      resolve();
    });
    s.on('disconnect', () => (live = false));
    s.on(EV.authFail, () => {
      notify.error(SOCKET_AUTH_FAIL);
      reject(new Error(SOCKET_AUTH_FAIL));
      close();
    });
    s.on(EV.forceDisconnect, () => {
      notify.error(SOCKET_AUTH_FAIL);
      close();
    });
    s.on(EV.error, () => notify.error(SOCKET_ERROR));
    s.io.on('reconnect_failed', () => {
      notify.error(SOCKET_ERROR);
      reject(new Error(SOCKET_ERROR));
      close();
    });
    s.on(EV.notification, onNotification);
    s.on(EV.deleteAll, () => (pendingExports.files = {}));
  });
  return registered;
}

/** Listens for the group's new alerts; returns the unsubscribe. */
export function watchAlerts(listener: (note: AlertNotification) => void): () => void {
  alertListeners.add(listener);
  ensureRegistered().catch(() => undefined); // failures show the spec's toast already
  return () => {
    alertListeners.delete(listener);
    if (idle()) close();
  };
}

/** Follows uploads' progress (rows validated, loading, the end); returns the unsubscribe. */
export function watchUploads(listener: (note: UploadNotification) => void): () => void {
  uploadListeners.add(listener);
  ensureRegistered().catch(() => undefined); // the upload falls back to polling its history
  return () => {
    uploadListeners.delete(listener);
    if (idle()) close();
  };
}

/** Spec §4 delivery statuses a mailer run ends on: delivered, failed (a dry run ends built, 1). */
const DELIVERED = 3;
const FAILED = 4;

/**
 * Shows a started mailer run's steps (In Progress, Report Manager Success, Report Delivered or
 * Delivery Failed) as toasts named by the mailer, until its last one.
 */
export function followMailerRun(runId: number, mailerName: string): void {
  followedRuns.set(runId, mailerName);
  ensureRegistered().catch(() => undefined); // the run log still shows the outcome
}

function onMailerStep(note: MailerNotification): void {
  const name = followedRuns.get(note.runId);
  if (name === undefined) return;
  const text = `${name}: ${note.statusName}`;
  if (note.status === FAILED) notify.error(note.error ? `${text} (${note.error})` : text, 'Report Mailer');
  else if (note.status === DELIVERED) notify.success(text, 'Report Mailer');
  else notify.info(text, 'Report Mailer');
  if (note.status === DELIVERED || note.status === FAILED || (note.dryRun && note.status === 1)) {
    followedRuns.delete(note.runId);
    if (idle()) close();
  }
}

function onNotification(
  note: ReportNotification | AlertNotification | UploadNotification | MailerNotification,
): void {
  if (note.type === 'mailer') return onMailerStep(note);
  if (note.type === 'alert') {
    for (const listener of alertListeners) listener(note);
    return;
  }
  if (note.type === 'upload') {
    for (const listener of uploadListeners) listener(note);
    return;
  }
  if (note.type !== 'report' || !(note.fileId in pendingExports.files)) return;
  if (note.status === 'ready') {
    download(note.fileId, note.fileName);
    finish(note.fileId);
  } else if (note.status === 'failed') {
    notify.error(note.error ?? 'Something went wrong, please try after sometime.');
    finish(note.fileId);
  } else {
    Object.assign(pendingExports.files[note.fileId]!, { percent: note.percent, rows: note.rows });
  }
}

function finish(fileId: number): void {
  delete pendingExports.files[fileId];
  if (idle()) close();
}

function close(): void {
  socket?.removeAllListeners();
  socket?.io.removeAllListeners();
  socket?.disconnect();
  socket = null;
  registered = null;
  live = false;
}

/** The browser saves the file from the group's storage (the session cookie goes with the link). */
function download(fileId: number, fileName: string): void {
  const link = document.createElement('a');
  link.href = `/api/v1/s3/file?id=${fileId}`;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Tracks a started export; its notifications now drive the download. */
export function awaitExport(fileId: number, endpoint: string): void {
  pendingExports.files[fileId] = { endpoint, percent: 0, rows: 0 };
}
