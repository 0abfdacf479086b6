import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import type { NumberStyle } from '../../../shared/format/index.js';
import { ConflictError, NotFoundError } from '../../../shared/errors.js';
import { requireActivity } from '../../access/auth/requireActivity.js';
import { requireUser } from '../../access/auth/guards.js';
import { parseDataRequest } from '../../language/query/dataRequest.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { exportContext } from './exportContext.js';
import { configForGroup } from '../../language/config/overlay/configForGroup.js';
import { checkExtraScreenCall, checkViewerOfExtraScreen } from '../monitoring/screenAccess.js';
import { EXPORT_QUEUE, type ExportJobData } from './exportJob.js';
import { ReportFileRepo } from './reportFileRepo.js';
import { reportFileView } from './reportFileView.js';
import { mayAccessReportFile } from './reportFileAccess.js';
import { FILE_FAILED, FILE_GENERATING, NO_SUCH_FILE } from './reportMessages.js';
import { reportPath } from './reportPaths.js';
import * as s from './reportRouteSchemas.js';

const TYPES = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', csv: 'text/csv' };

interface ExportBody {
  endpoint: string;
  params?: Record<string, string>;
  format: 'xlsx' | 'csv';
  numberStyle?: NumberStyle;
}

/**
 * Export jobs and the group's report files: POST exports starts one (answers at once, the job
 * runs off the request path), s3/data/list and s3/file (the spec's names) list and download.
 * Every lookup carries the caller's group and the file's access (reportFileAccess.ts): another
 * group's id, or a file of a screen the caller may not open, is simply not found.
 */
export function registerReportRoutes(app: FastifyInstance, jobs: Jobs): void {
  const repo = new ReportFileRepo(app.deps.store.db);

  app.post<{ Body: ExportBody }>(
    '/exports',
    { schema: { body: s.exportBody, response: s.objectAnswer } },
    async (request) => {
      const params = request.body.params ?? {};
      const data = app.deps.config.current();
      const ctx = exportContext(data, request.body.endpoint, params.screenName);
      const auth = requireActivity(request, ctx.screen.permission);
      checkViewerOfExtraScreen(auth, params.screenName);
      const presented = configForGroup(app.deps.config, app.deps.storedConfig, auth.groupId);
      checkExtraScreenCall(data, presented, params.screenName, request.body.endpoint);
      parseDataRequest(ctx, params); // a bad filter is a 400 now, not a failed job later
      const { format } = request.body;
      const stem = request.body.endpoint.replace(/\/export$/, '').replace(/\//g, '-');
      const file = await repo.create({
        groupId: auth.groupId,
        userId: auth.userId,
        kind: 'export',
        title: ctx.screen.title,
        endpoint: request.body.endpoint,
        params,
        format,
        fileName: `${stem}-${new Date().toISOString().slice(0, 10)}.${format}`,
        numberStyle: request.body.numberStyle,
      });
      await jobs.boss.send(EXPORT_QUEUE, { fileId: file.id } satisfies ExportJobData, {
        singletonKey: `export-${file.id}`,
      });
      return ok(reportFileView(file), FILE_GENERATING);
    },
  );

  app.get<{ Params: { id: number } }>(
    '/exports/:id',
    { schema: { params: s.fileIdParams, response: s.objectAnswer } },
    async (request) => {
      const auth = requireUser(request);
      const file = await repo.ofGroup(auth.groupId, request.params.id);
      if (!file || !mayAccessReportFile(app.deps.config.current(), auth, file))
        throw new NotFoundError(NO_SUCH_FILE);
      return ok(reportFileView(file));
    },
  );

  app.get<{ Querystring: { limit: number; offset: number } }>(
    '/s3/data/list',
    { schema: { querystring: s.listQuery, response: s.listAnswer } },
    async (request) => {
      const auth = requireUser(request);
      const snapshot = app.deps.config.current();
      const files = await repo.listVisible(auth.groupId, request.query, (file) =>
        mayAccessReportFile(snapshot, auth, file),
      );
      return ok(files.map(reportFileView));
    },
  );

  app.get<{ Querystring: { id: number } }>(
    '/s3/file',
    { schema: { querystring: s.fileQuery, response: s.fileAnswerSchema } },
    async (request, reply) => {
      const auth = requireUser(request);
      const file = await repo.ofGroup(auth.groupId, request.query.id);
      if (!file || !mayAccessReportFile(app.deps.config.current(), auth, file))
        throw new NotFoundError(NO_SUCH_FILE);
      if (file.status === 'failed') throw new ConflictError(FILE_FAILED);
      if (file.status !== 'ready') throw new ConflictError(FILE_GENERATING);
      return reply
        .header('content-type', TYPES[file.format as 'xlsx' | 'csv'])
        .header('content-disposition', `attachment; filename="${file.file_name.replace(/[^\w.-]+/g, '-')}"`)
        .send(createReadStream(reportPath(app.deps.env.DATA_DIR, file)));
    },
  );
}
