import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { ConflictError, NotFoundError } from '../../../shared/errors.js';
import { ADMIN_ACTIVITIES } from '../../../shared/admin/adminActivities.js';
import { requireAdminActivity } from '../../access/auth/guards.js';
import { ReportFileRepo } from './reportFileRepo.js';
import { reportFileView } from './reportFileView.js';
import { mayAccessReportFile } from './reportFileAccess.js';
import { FILE_FAILED, FILE_GENERATING, NO_SUCH_FILE } from './reportMessages.js';
import { reportPath } from './reportPaths.js';
import * as s from './reportRouteSchemas.js';

const RAW = ADMIN_ACTIVITIES.downloadRawReport.url;

/**
 * The spec's raw reports (reports service: report/raw/list, report/download/raw/reports): the
 * group's csv report files, for users granted the Download Raw Report screen, each only where
 * reportFileAccess.ts lets the caller see it.
 */
export function registerRawReportRoutes(app: FastifyInstance): void {
  const repo = new ReportFileRepo(app.deps.store.db);

  app.get<{ Querystring: { limit: number; offset: number } }>(
    '/report/raw/list',
    { schema: { querystring: s.listQuery, response: s.listAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, RAW);
      const snapshot = app.deps.config.current();
      const visible = (file: Parameters<typeof mayAccessReportFile>[2]) =>
        mayAccessReportFile(snapshot, auth, file);
      const files = await repo.listVisible(auth.groupId, request.query, visible, 'csv');
      return ok(files.map(reportFileView));
    },
  );

  app.get<{ Querystring: { id: number } }>(
    '/report/download/raw/reports',
    { schema: { querystring: s.fileQuery, response: s.fileAnswerSchema } },
    async (request, reply) => {
      const auth = requireAdminActivity(request, RAW);
      const file = await repo.ofGroup(auth.groupId, request.query.id);
      if (!file || file.format !== 'csv' || !mayAccessReportFile(app.deps.config.current(), auth, file))
        throw new NotFoundError(NO_SUCH_FILE);
      if (file.status === 'failed') throw new ConflictError(FILE_FAILED);
      if (file.status !== 'ready') throw new ConflictError(FILE_GENERATING);
      return reply
        .header('content-type', 'text/csv')
        .header('content-disposition', `attachment; filename="${file.file_name.replace(/[^\w.-]+/g, '-')}"`)
        .send(createReadStream(reportPath(app.deps.env.DATA_DIR, file)));
    },
  );
}
