import { createWriteStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import type { Job } from 'pg-boss';
import type { Deps } from '../../platform/deps.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { parseDataRequest } from '../../language/query/dataRequest.js';
import { countScreenQuery, streamScreenQuery } from '../../language/query/streamScreenQuery.js';
import { isNumberStyle } from '../../../shared/format/index.js';
import { exportColumns } from '../monitoring/exportColumns.js';
import { exportContext } from './exportContext.js';
import { ReportFileRepo, type ReportFileRow } from './reportFileRepo.js';
import { reportPath } from './reportPaths.js';
import { writeReportCsv } from './writeReportCsv.js';
import { writeReportXlsx } from './writeReportXlsx.js';

export const EXPORT_QUEUE = 'report-export';
/** Exports running at once in this process: each holds a warehouse connection. */
const EXPORT_CONCURRENCY = 2;
/** Progress is written at most this often (a store write per batch would be wasteful). */
const PROGRESS_MS = 500;
/** Attempts after the first before the file shows as failed. */
const RETRY_LIMIT = 3;

export interface ExportJobData {
  fileId: number;
}

/** Declares the export queue (retries with back-off, heartbeat, timeout) and runs its jobs here. */
export async function registerExportRunner(deps: Deps & { jobs: Jobs }): Promise<void> {
  const { boss } = deps.jobs;
  await boss.createQueue(EXPORT_QUEUE, {
    retryLimit: RETRY_LIMIT,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 60,
    // A killed server stops the heartbeat: the job is failed and retried within ~10 s.
    heartbeatSeconds: 10,
    expireInSeconds: 3 * 60 * 60,
  });
  const repo = new ReportFileRepo(deps.store.db);
  await boss.work<ExportJobData>(
    EXPORT_QUEUE,
    { localConcurrency: EXPORT_CONCURRENCY, pollingIntervalSeconds: 1 },
    async ([job]: Job<ExportJobData>[]) => {
      const file = await repo.byId(job!.data.fileId);
      if (!file || file.status === 'ready') return;
      try {
        await runExport(deps, repo, file);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (job!.retryCount >= RETRY_LIMIT) {
          await repo.fail(file.id, message);
          deps.jobs.events.emit('report', { ...eventOf(file), status: 'failed', error: message });
        }
        throw error;
      }
    },
  );
}

/** Writes the file next to its final name and renames it: a retried job never serves half a file. Mailers reuse it. */
export async function runExport(
  deps: Deps & { jobs: Jobs },
  repo: ReportFileRepo,
  file: ReportFileRow,
): Promise<void> {
  const ctx = exportContext(deps.config.current(), file.endpoint);
  const request = parseDataRequest(ctx, file.params);
  await repo.start(file.id);
  const total = await countScreenQuery(deps.warehouse, ctx, request, file.group_id);
  const target = reportPath(deps.env.DATA_DIR, file);
  await mkdir(path.dirname(target), { recursive: true });
  const part = `${target}.part`;
  let last = 0;
  const onRows = async (rows: number): Promise<void> => {
    if (Date.now() - last < PROGRESS_MS) return;
    last = Date.now();
    const percent = total ? Math.min(99, Math.floor((rows / total) * 100)) : 99;
    await repo.progress(file.id, rows, percent);
    deps.jobs.events.emit('report', { ...eventOf(file), status: 'running', rows, percent });
  };
  const meta = {
    screen: ctx.screen.title,
    filters: file.params,
    generatedAt: new Date(),
    numberStyle: isNumberStyle(file.number_style) ? file.number_style : undefined,
  };
  const batches = streamScreenQuery(deps.warehouse, ctx, request, file.group_id, 'all');
  const body = new PassThrough();
  const write = file.format === 'csv' ? writeReportCsv : writeReportXlsx;
  const [rows] = await Promise.all([
    write(meta, exportColumns(ctx), batches, body, onRows),
    pipeline(body, createWriteStream(part)),
  ]);
  await rename(part, target);
  const { size } = await stat(target);
  if (await repo.finish(file.id, rows, size))
    deps.jobs.events.emit('report', { ...eventOf(file), status: 'ready', rows, percent: 100 });
}

function eventOf(file: ReportFileRow) {
  return {
    groupId: file.group_id,
    userId: file.user_id,
    fileId: file.id,
    rows: file.rows,
    percent: file.percent,
    fileName: file.file_name,
  };
}
