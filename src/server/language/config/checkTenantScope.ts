import type { ScreenConfig } from '../../../shared/config.gen.js';
import { readableNames } from '../../platform/warehouse/schema/tableColumns.js';
import { SHARED_TABLES, TENANT_KEY } from '../../platform/warehouse/schema/tenantKey.js';
import type { ConfigProblem } from './configRegistry.js';
import { pointer } from './configProblems.js';

/** The one message for a config that tries to name the tenant scope (docs/principals.md). */
export const TENANT_COLUMN_MESSAGE = `tenantColumn is not part of the config language: the engine scopes every table by its tenant key (${TENANT_KEY})`;
const TENANT_KEY_MESSAGE = `${TENANT_KEY} is the tenant key: the engine sets it to the uploading group, no config may name it`;

/**
 * An upload may not name the tenant key (as a file column, a lookup's copied column, a fixed
 * value, a generated key, a slice or a merge key) nor write to a table every group shares: the
 * loader fills the key with the uploading group and deletes only that group's rows.
 */
export function checkTenantScope(file: string, screen: ScreenConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const known = new Set(readableNames());
  const refuse = (at: string, message = TENANT_KEY_MESSAGE) => problems.push({ file, pointer: at, message });
  (screen.uploads ?? []).forEach((upload, u) => {
    const at = (...rest: (string | number)[]) => pointer('uploads', u, ...rest);
    const { target } = upload;
    if (SHARED_TABLES.has(target.table) && known.has(target.table))
      refuse(at('target', 'table'), `${target.table} is shared by every group: no upload may write to it`);
    if (target.generatedKey === TENANT_KEY) refuse(at('target', 'generatedKey'));
    if (target.fixed && TENANT_KEY in target.fixed) refuse(at('target', 'fixed', TENANT_KEY));
    target.replace.forEach((r, i) => r.field === TENANT_KEY && refuse(at('target', 'replace', i, 'field')));
    target.merge?.forEach((k, i) => k === TENANT_KEY && refuse(at('target', 'merge', i)));
    target.unique?.forEach((k, i) => k === TENANT_KEY && refuse(at('target', 'unique', i)));
    upload.columns.forEach((c, i) => {
      if (c.field === TENANT_KEY) refuse(at('columns', i, 'field'));
      c.lookup?.also?.forEach((a, j) => a === TENANT_KEY && refuse(at('columns', i, 'lookup', 'also', j)));
    });
  });
  return problems;
}
