import type { FastifyInstance, FastifyReply } from 'fastify';
import { ok, fail } from '../../../shared/envelope.js';
import { AppError, NotFoundError } from '../../../shared/errors.js';
import { auditChange } from '../../platform/store/auditRepo.js';
import { receiveFile } from './receiveFile.js';
import { resolveUpload, type UploadParams } from './uploadScope.js';
import { runUpload } from './uploadService.js';
import { UploadRepo } from './uploadRepo.js';
import { errorWorkbook, templateWorkbook } from './uploadWorkbooks.js';
import * as s from './uploadRouteSchemas.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function sendXlsx(reply: FastifyReply, fileName: string, body: Buffer): FastifyReply {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]+/g, '-')}"`)
    .send(body);
}

/**
 * Routes of every declared upload, at uploads/{area}/{screen}/{upload}: the template, the
 * upload itself, its history and each run's error file. They look the upload up in the live
 * config, so a new upload in a screen file needs no restart.
 */
export function registerUploadRoutes(app: FastifyInstance): void {
  const repo = new UploadRepo(app.deps.store.db);
  const base = '/uploads/:area/:screen/:upload';

  app.get<{ Params: UploadParams }>(
    `${base}/template`,
    { schema: { params: s.uploadParams, response: s.fileAnswer } },
    async (request, reply) => {
      const { upload } = resolveUpload(request, request.params, false);
      return sendXlsx(reply, `${upload.title} template.xlsx`, await templateWorkbook(upload));
    },
  );

  app.post<{ Params: UploadParams }>(
    base,
    { schema: { params: s.uploadParams, body: s.multipartBody, response: s.objectAnswer } },
    async (request, reply) => {
      const call = resolveUpload(request, request.params, true);
      // Every outcome lands in Client Logs with the group: loaded, rejected, refused, failed.
      const logged = (status: string, detail: Record<string, unknown>) =>
        auditChange(app.deps.store.db, {
          actor: call.userId,
          groupId: call.groupId,
          entity: 'upload',
          entityId: typeof detail.runId === 'number' ? detail.runId : 0,
          action: `upload.${status}`,
          before: null,
          after: { upload: call.key, ...detail },
        });
      let fileName = '';
      try {
        const file = await receiveFile(request, call.upload);
        fileName = file.fileName;
        try {
          const outcome = await runUpload(app.deps.warehouse, repo, call, file, (progress) =>
            app.deps.jobs?.events.emit('upload', { ...progress, groupId: call.groupId, userId: call.userId }),
          );
          await logged(outcome.status, {
            runId: outcome.runId,
            file: file.fileName,
            rowsOk: outcome.rowsOk,
            rowsFailed: outcome.rowsFailed,
            slices: outcome.slices,
          });
          if (outcome.status === 'rejected') return reply.status(400).send(fail(outcome.message, outcome));
          app.deps.jobs?.events.emit('load', { groupId: call.groupId, source: 'upload' });
          return ok(outcome, outcome.message);
        } finally {
          await file.discard();
        }
      } catch (error) {
        const refused = error instanceof AppError && error.status === 400;
        await logged(refused ? 'refused' : 'failed', {
          file: fileName,
          message: refused ? error.message : 'The upload failed on the server; nothing was loaded.',
        });
        throw error;
      }
    },
  );

  app.get<{ Params: UploadParams; Querystring: { limit: number; offset: number } }>(
    `${base}/runs`,
    { schema: { params: s.uploadParams, querystring: s.pageQuery, response: s.listAnswer } },
    async (request) => {
      const { groupId, key } = resolveUpload(request, request.params, false);
      return ok(await repo.runs(groupId, key, request.query.limit, request.query.offset));
    },
  );

  app.get<{ Params: UploadParams & { runId: number } }>(
    `${base}/runs/:runId/errors`,
    { schema: { params: s.runParams, response: s.fileAnswer } },
    async (request, reply) => {
      const { groupId, key, upload } = resolveUpload(request, request.params, false);
      const run = await repo.run(groupId, key, request.params.runId);
      if (!run) throw new NotFoundError('No such upload');
      return sendXlsx(reply, `${upload.title} errors ${run.id}.xlsx`, await errorWorkbook(run.errors));
    },
  );
}
