import type { FastifyInstance } from 'fastify';
import type { UploadDeclaration } from '../../../shared/config.gen.js';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { resolveUpload, type UploadParams } from './uploadScope.js';
import { UploadRepo } from './uploadRepo.js';
import { sliceRowsWorkbook } from './sliceWorkbook.js';
import { sendXlsx } from './uploadRoutes.js';
import * as s from './uploadRouteSchemas.js';
import { requireTenantKey, tenantKeyOf } from '../../platform/warehouse/schema/tenantKey.js';
import { parseSlice, sliceWhere } from './sliceWhere.js';
import { deleteSlice, restoreSlice } from './sliceDelete.js';
import { SLICE_DELETED, SLICE_RESTORED } from './uploadMessages.js';

/** Rows of a merge upload are a master that facts point at: a load adds or updates, never deletes. */
const MERGED_ROWS_STAY = 'These rows are kept: upload a corrected file to change them.';

/** WHERE of all the group's rows of an upload's target (aliased `t`; fixed values as for a slice). */
function groupWhere(upload: UploadDeclaration, groupId: number): { where: string; params: unknown[] } {
  const { target } = upload;
  const params: unknown[] = [groupId];
  const parts = [`t.${requireTenantKey(target.table)} = $1`];
  for (const [column, value] of Object.entries(target.merge ? {} : (target.fixed ?? {}))) {
    params.push(value);
    parts.push(`t.${column} = $${params.length}`);
  }
  return { where: parts.join(' AND '), params };
}

/** Names for slice ids (e.g. channel 1 -> Amazon) from each field's lookupLabel. */
async function sliceLabels(
  wh: Warehouse,
  upload: UploadDeclaration,
  groupId: number,
): Promise<Map<string, Map<string, string>>> {
  const labels = new Map<string, Map<string, string>>();
  for (const f of upload.target.replace) {
    const l = f.lookupLabel;
    if (!l) continue;
    const tenantKey = tenantKeyOf(l.table);
    const rows = await wh.query<Record<string, unknown>>(
      `SELECT ${l.key} AS k, ${l.match} AS v FROM ${l.table}${tenantKey ? ` WHERE ${tenantKey} = $1` : ''}`,
      tenantKey ? [groupId] : [],
    );
    labels.set(f.field, new Map(rows.map((r) => [String(r.k), String(r.v)])));
  }
  return labels;
}

/** The loaded slices of an upload (the channel sales list): list, download, delete. */
export function registerSliceRoutes(app: FastifyInstance): void {
  const repo = new UploadRepo(app.deps.store.db);
  const wh = app.deps.warehouse;
  const base = '/uploads/:area/:screen/:upload/slices';

  app.get<{ Params: UploadParams; Querystring: { limit: number; offset: number } }>(
    base,
    { schema: { params: s.uploadParams, querystring: s.pageQuery, response: s.listAnswer } },
    async (request) => {
      const { groupId, key, upload } = resolveUpload(request, request.params, false);
      const rows = await repo.slices(groupId, key, request.query.limit, request.query.offset);
      const labels = await sliceLabels(wh, upload, groupId);
      return ok(
        rows.map((r) => ({
          ...r,
          labels: Object.fromEntries(
            upload.target.replace.map((f) => [
              f.field,
              labels.get(f.field)?.get(String(r.slice[f.field])) ?? String(r.slice[f.field]),
            ]),
          ),
        })),
      );
    },
  );

  app.get<{ Params: UploadParams; Querystring: { slice: string } }>(
    `${base}/download`,
    { schema: { params: s.uploadParams, querystring: s.sliceQuery, response: s.fileAnswer } },
    async (request, reply) => {
      const { groupId, upload } = resolveUpload(request, request.params, false);
      const slice = parseSlice(upload, request.query.slice);
      const { where, params } = sliceWhere(upload, groupId, slice, 't');
      const body = await sliceRowsWorkbook(wh, upload, groupId, where, params);
      return sendXlsx(reply, `${upload.title} ${Object.values(slice).join(' ')}.xlsx`, body);
    },
  );

  // The data file: every row of the group in the template's shape (upload it back after edits).
  app.get<{ Params: UploadParams }>(
    base.replace(/\/slices$/, '/data'),
    { schema: { params: s.uploadParams, response: s.fileAnswer } },
    async (request, reply) => {
      const { groupId, upload } = resolveUpload(request, request.params, false);
      if (!upload.dataFile) throw new NotFoundError('This upload has no data file.');
      const { where, params } = groupWhere(upload, groupId);
      const body = await sliceRowsWorkbook(wh, upload, groupId, where, params);
      return sendXlsx(reply, `${upload.title}.xlsx`, body);
    },
  );

  // A delete keeps the rows restorable for a while (sliceDelete.ts): the answer carries the undo.
  app.delete<{ Params: UploadParams; Querystring: { slice: string } }>(
    base,
    { schema: { params: s.uploadParams, querystring: s.sliceQuery, response: s.objectAnswer } },
    async (request) => {
      const call = resolveUpload(request, request.params, true);
      if (call.upload.target.merge) throw new BadRequestError(MERGED_ROWS_STAY);
      const slice = parseSlice(call.upload, request.query.slice);
      const deleted = await deleteSlice(app.deps, call, slice);
      return ok(deleted, SLICE_DELETED);
    },
  );

  app.post<{ Params: UploadParams; Body: { undo_id: number } }>(
    `${base}/restore`,
    { schema: { params: s.uploadParams, body: s.restoreBody, response: s.objectAnswer } },
    async (request) => {
      const call = resolveUpload(request, request.params, true);
      const restored = await restoreSlice(app.deps, call, request.body.undo_id);
      return ok(restored, SLICE_RESTORED);
    },
  );
}
