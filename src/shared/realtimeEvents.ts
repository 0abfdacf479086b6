/**
 * The realtime socket's contract (docs/product-spec.md §7: websocket transport, 3 reconnection
 * attempts; events authsucess, authfail, error, registerUser, socketRegistered, notification,
 * force-disconnect, delete-all). Server and client import the names from here.
 */
export const SOCKET_PATH = '/socket.io';
export const RECONNECTION_ATTEMPTS = 3;

export const EV = {
  authSuccess: 'authsucess',
  authFail: 'authfail',
  error: 'error',
  registerUser: 'registerUser',
  socketRegistered: 'socketRegistered',
  notification: 'notification',
  forceDisconnect: 'force-disconnect',
  deleteAll: 'delete-all',
} as const;

/** Spec §8 messages. */
export const SOCKET_ERROR = 'Unable to connect';
export const SOCKET_AUTH_FAIL = 'Unable to connect, please login again';

/** A report job's progress or end, pushed to the user who started it in the group it ran for. */
export interface ReportNotification {
  type: 'report';
  fileId: number;
  status: 'queued' | 'running' | 'ready' | 'failed';
  rows: number;
  percent: number;
  fileName: string;
  error?: string;
}

/** Where an upload stands: rows validated so far, then loading, then its end. */
export type UploadStatus = 'validating' | 'loading' | 'loaded' | 'rejected' | 'refused' | 'failed';

/**
 * An upload's progress (docs/uploads.md), pushed to the sockets of the user who sent the file, in
 * the group it was sent for. `key` is the upload's 'area/screen/upload'.
 */
export interface UploadNotification {
  type: 'upload';
  key: string;
  runId: number;
  status: UploadStatus;
  rowsValidated: number;
  rowsLoaded: number;
  rowsFailed: number;
}

/**
 * A report mailer run's step (Run Now, Dry Run, a schedule): 2 In Progress, 1 Report Manager
 * Success (built; a dry run ends here), 3 Report Delivered or 4 Delivery Failed, pushed to the
 * user who started it in the mailer's group. Building the report pushes its own `report` progress.
 */
export interface MailerNotification {
  type: 'mailer';
  runId: number;
  mailerId: number;
  status: number;
  statusName: string;
  dryRun: boolean;
  error?: string;
}

/** New alerts of the group (docs/jobs.md), pushed to every registered socket of the group. */
export interface AlertNotification {
  type: 'alert';
  count: number;
  title: string;
}
