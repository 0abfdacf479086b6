import { EventEmitter } from 'node:events';

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

/** In-process events of the job runners; the realtime layer subscribes (and fans out via Redis). */
export class JobEvents extends EventEmitter<{ report: [ReportEvent] }> {}
