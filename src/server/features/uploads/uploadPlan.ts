import type { UploadDeclaration } from '../../../shared/config.gen.js';
import { loadDerived } from '../../platform/warehouse/schema/loadDerived.js';
import { tableColumns } from '../../platform/warehouse/schema/tableColumns.js';
import { requireTenantKey } from '../../platform/warehouse/schema/tenantKey.js';

/** Where one target column's value comes from. */
export type ColumnSource =
  | { kind: 'tenant' }
  | { kind: 'fixed'; value: string | number }
  /** A single-row write's token (`updated_at`), empty for loaded rows; never a slice key. */
  | { kind: 'blank' }
  /** Numbered at the swap (target.generatedKey); staged as 0. */
  | { kind: 'generated' }
  /** Derived from other rows in the swap's transaction (loadDerived.ts); staged as 0. */
  | { kind: 'derived' }
  | { kind: 'cell'; column: number }
  | { kind: 'also'; column: number; index: number };

export interface UploadPlan {
  table: string;
  /** Target columns in table (DDL) order, each with its source. */
  targets: readonly { name: string; source: ColumnSource }[];
  /**
   * Positions (in `targets`) of the columns the staging table holds, in table order: those a
   * cell fills (template and lookup columns) and the slice and unique keys. The tenant, fixed,
   * blank, generated and derived columns are the same for every row: the swap's SELECT fills them.
   */
  staged: readonly number[];
  /** The slice fields: position among the staged columns, month grain. */
  slice: readonly { name: string; staged: number; month: boolean }[];
  /** Key columns of a merge upload (target.merge): matched rows are updated, others added. */
  merge?: readonly string[];
}

/**
 * Maps every column of the target table to where its value comes from: the group (tenant), a
 * fixed value, a template cell, or a column of a cell's lookup row. A column nothing fills is a
 * config mistake, named here before a single row is read.
 */
/** The write token of tables that single-row writes edit (docs/write-half.md "Warehouse entities"). */
const WRITE_TOKEN = 'updated_at';

export function planUpload(upload: UploadDeclaration): UploadPlan {
  const { target } = upload;
  const tenantKey = requireTenantKey(target.table);
  const sources = new Map<string, ColumnSource>();
  if (target.generatedKey) sources.set(target.generatedKey, { kind: 'generated' });
  sources.set(WRITE_TOKEN, { kind: 'blank' });
  for (const name of loadDerived(target.table)?.columns ?? []) sources.set(name, { kind: 'derived' });
  for (const [name, value] of Object.entries(target.fixed ?? {})) {
    if (value !== undefined) sources.set(name, { kind: 'fixed', value });
  }
  upload.columns.forEach((column, c) => {
    for (const field of column.lookup?.within ?? []) {
      if (!upload.columns.slice(0, c).some((earlier) => earlier.field === field))
        throw new Error(
          `Upload ${upload.id}: lookup of ${column.header} is within ${field}, which no earlier column fills`,
        );
    }
    sources.set(column.field, { kind: 'cell', column: c });
    column.lookup?.also?.forEach((name, index) => sources.set(name, { kind: 'also', column: c, index }));
  });
  // Last, so nothing the config names can fill the tenant key (checkTenantScope.ts refuses it too).
  if (sources.has(tenantKey))
    throw new Error(`Upload ${upload.id}: ${tenantKey} is the tenant key, set by the engine`);
  sources.set(tenantKey, { kind: 'tenant' });
  const names = tableColumns(target.table);
  const unfilled = names.filter((n) => !sources.has(n));
  if (unfilled.length > 0) {
    throw new Error(`Upload ${upload.id}: nothing fills ${target.table}.${unfilled.join(', ')}`);
  }
  const targets = names.map((name) => ({ name, source: sources.get(name)! }));
  for (const { field } of target.replace) {
    if (!names.includes(field))
      throw new Error(`Upload ${upload.id}: slice field ${field} is not a column of ${target.table}`);
  }
  const keys = new Set([...target.replace.map((r) => r.field), ...(target.unique ?? [])]);
  const staged = targets.flatMap(({ name, source }, t) =>
    source.kind === 'cell' || source.kind === 'also' || keys.has(name) ? [t] : [],
  );
  const stagedNames = staged.map((t) => names[t]);
  const slice = target.replace.map(({ field, grain }) => ({
    name: field,
    staged: stagedNames.indexOf(field),
    month: grain === 'month',
  }));
  if (target.merge && loadDerived(target.table))
    throw new Error(`Upload ${upload.id}: ${target.table} has derived columns, which a merge does not keep`);
  for (const key of target.merge ?? []) {
    if (sources.get(key)?.kind !== 'cell')
      throw new Error(`Upload ${upload.id}: merge key ${key} must be a template column`);
  }
  return { table: target.table, targets, staged, slice, ...(target.merge ? { merge: target.merge } : {}) };
}
