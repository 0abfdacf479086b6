import { EventEmitter } from 'node:events';
import type { MailerNotification, UploadNotification } from '../../../shared/realtimeEvents.js';

/** Progress or end of a report job, for the user who started it (socket.io relays it). */
export interface ReportEvent {
  groupId: number;
  userId: number | null;
  fileId: number;
  status: 'queued' | 'running' | 'ready' | 'failed';
  rows: number;
  percent: number;
  fileName: string;
  error?: string;
}

/** An upload's progress or end, for the user who sent the file (socket.io relays it). */
export interface UploadEvent extends Omit<UploadNotification, 'type'> {
  groupId: number;
  userId: number;
}

/** A mailer run's step, for the user who started it (socket.io relays it). */
export interface MailerEvent extends Omit<MailerNotification, 'type'> {
  groupId: number;
  userId: number;
}

/** A warehouse load of a group finished (a crawl, an upload, the demo generator): alerts evaluate. */
export interface LoadEvent {
  groupId: number;
  source: string;
}

/** New alerts of a group, for its users' sockets and bells. */
export interface AlertEvent {
  groupId: number;
  count: number;
  title: string;
}

/** In-process events of the job runners; the realtime layer subscribes (and fans out via Redis). */
export class JobEvents extends EventEmitter<{
  report: [ReportEvent];
  load: [LoadEvent];
  upload: [UploadEvent];
  mailer: [MailerEvent];
  alert: [AlertEvent];
}> {}
