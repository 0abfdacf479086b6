import type { UploadDeclaration } from '../../../shared/config.gen.js';
import { BadRequestError } from '../../../shared/errors.js';
import { requireTenantKey } from '../../platform/warehouse/schema/tenantKey.js';

export type Slice = Record<string, string | number>;
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
