import type { FastifyInstance } from 'fastify';
import type { UploadDeclaration } from '../../../shared/config.gen.js';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import { audit } from '../../platform/store/auditRepo.js';
import { loadDerived } from '../../platform/warehouse/schema/loadDerived.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { resolveUpload, type UploadParams } from './uploadScope.js';
import { UploadRepo } from './uploadRepo.js';
import { sliceRowsWorkbook } from './sliceWorkbook.js';
import { sendXlsx } from './uploadRoutes.js';
import * as s from './uploadRouteSchemas.js';
import { requireTenantKey, tenantKeyOf } from '../../platform/warehouse/schema/tenantKey.js';

type Slice = Record<string, string | number>;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The slice of a request, checked against the declaration: its fields exactly, months as YYYY-MM. */
export function parseSlice(upload: UploadDeclaration, text: string): Slice {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadRequestError('slice must be a JSON object');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new BadRequestError('slice must be a JSON object');
  const slice = value as Record<string, unknown>;
  const fields = upload.target.replace;
  if (Object.keys(slice).length !== fields.length)
    throw new BadRequestError(`slice needs exactly ${fields.map((f) => f.field).join(', ')}`);
  const out: Slice = {};
  for (const f of fields) {
    const v = slice[f.field];
    const good =
      f.grain === 'month'
        ? typeof v === 'string' && MONTH.test(v)
        : typeof v === 'number' || typeof v === 'string';
    if (!good) throw new BadRequestError(`slice.${f.field} is invalid`);
    out[f.field] = v as string | number;
  }
  return out;
}

/**
 * WHERE of one slice of the group in the target table, parameterised ($1 is the group);
 * `withFixed` false leaves out the fixed values, selecting every row of the slice's keys.
 */
export function sliceWhere(
  upload: UploadDeclaration,
  groupId: number,
  slice: Slice,
  alias = '',
  withFixed = true,
): { where: string; params: unknown[] } {
  const { target } = upload;
  const a = alias ? `${alias}.` : '';
  const params: unknown[] = [groupId];
  const parts = [`${a}${requireTenantKey(target.table)} = $1`];
  for (const f of target.replace) {
    params.push(f.grain === 'month' ? `${slice[f.field]}-01` : slice[f.field]);
    parts.push(
      f.grain === 'month'
        ? `date_trunc('month', ${a}${f.field}) = date_trunc('month', CAST($${params.length} AS DATE))`
        : `${a}${f.field} = $${params.length}`,
    );
  }
  // A merge upload's fixed values only seed added rows: they never mark what a load holds.
  for (const [column, value] of Object.entries(target.merge || !withFixed ? {} : (target.fixed ?? {}))) {
    if (target.replace.some((f) => f.field === column)) continue;
    params.push(value);
    parts.push(`${a}${column} = $${params.length}`);
  }
  return { where: parts.join(' AND '), params };
}

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

  app.delete<{ Params: UploadParams; Querystring: { slice: string } }>(
    base,
    { schema: { params: s.uploadParams, querystring: s.sliceQuery, response: s.objectAnswer } },
    async (request) => {
      const { groupId, key, upload, userId } = resolveUpload(request, request.params, true);
      if (upload.target.merge) throw new BadRequestError(MERGED_ROWS_STAY);
      const slice = parseSlice(upload, request.query.slice);
      if (!(await repo.hasSlice(groupId, key, slice))) throw new NotFoundError('No Data Available');
      const { where, params } = sliceWhere(upload, groupId, slice);
      // The slice's derived columns follow in the same transaction (estimates shown again).
      const derived = loadDerived(upload.target.table)?.statements(
        sliceWhere(upload, groupId, slice, 's', false),
      );
      await wh.transaction([
        { sql: `DELETE FROM ${upload.target.table} WHERE ${where}`, params },
        ...(derived ?? []),
      ]);
      await repo.deleteSlice(groupId, key, slice);
      await audit(app.deps.store.db, userId, 'upload.deleteSlice', key, { groupId, slice });
      return ok({ slice }, 'Deleted');
    },
  );
}
