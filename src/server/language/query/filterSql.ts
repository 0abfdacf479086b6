import type { DatasetIndex } from '../model/datasetIndex.js';
import type { FilterCondition } from './dataRequest.js';
import type { FilterValue } from './requestValues.js';
import { ident, type SqlParams } from '../../platform/warehouse/sql/sqlBuilder.js';
import { requireTenantKey, tenantKeyOf } from '../../platform/warehouse/schema/tenantKey.js';

export interface WhereInput {
  groupId: number;
  startDate: string | null;
  endDate: string | null;
  conditions: readonly FilterCondition[];
  /** Fixed constraints from config (query.where). */
  constants?: readonly { field: string; in: readonly (string | number | boolean)[] }[];
}

/**
 * WHERE clauses over the fact rows `f`: the tenant first (always), the date range, then each
 * condition. Mapped dimensions (label category, city zone) become their target's keys through the
 * dimension table, merged (OR) with direct selections of the target, as the spec's query merging.
 */
export function whereClauses(ds: DatasetIndex, input: WhereInput, p: SqlParams): string[] {
  const cfg = ds.config;
  const tenant = p.add(input.groupId);
  const clauses = [`f.${ident(requireTenantKey(cfg.table))} = ${tenant}`];
  if (input.startDate) clauses.push(`f.${ident(cfg.dateColumn)} >= ${p.date(input.startDate)}`);
  if (input.endDate) clauses.push(`f.${ident(cfg.dateColumn)} <= ${p.date(input.endDate)}`);

  clauses.push(...conditionClauses(ds, input, tenant, p, 'f'));
  for (const w of input.constants ?? []) {
    const dim = ds.dimensions.get(w.field);
    if (dim?.kind === 'column') clauses.push(`f.${ident(dim.column)} IN (${p.list(w.in)})`);
  }
  return clauses;
}

/**
 * The request's conditions over the rows aliased `a`, whose columns are named as the fact
 * table's: a column in its list (or at most a rank), a mapped dimension as its target's keys
 * through the dimension table, merged (OR) with direct selections of the target. A condition at
 * the period's last crawl reads the fact table itself (only over the fact rows, `a` = `f`).
 */
export function conditionClauses(
  ds: DatasetIndex,
  input: Pick<WhereInput, 'conditions' | 'startDate' | 'endDate'>,
  tenant: string,
  p: SqlParams,
  a: string,
): string[] {
  const clauses: string[] = [];
  const byTarget = new Map<string, string[]>();
  const push = (target: string, sql: string) => byTarget.set(target, [...(byTarget.get(target) ?? []), sql]);
  for (const c of input.conditions) {
    const dim = ds.dimensions.get(c.dimension)!;
    if (dim.kind === 'column') {
      const col = `${a}.${ident(dim.column)}`;
      if (dim.filterAtLastCrawlOf && c.op === 'in') {
        clauses.push(lastCrawlFilter(ds, input, dim.column, dim.filterAtLastCrawlOf, c.values, tenant, p));
        continue;
      }
      if (c.op === 'lte') clauses.push(`${col} <= ${p.add(c.values[0])}`);
      else push(dim.id, `${col} IN (${p.list(c.values, dim.type === 'date' ? 'DATE' : undefined)})`);
      continue;
    }
    const target = ds.dimensions.get(dim.into);
    if (target?.kind !== 'column') continue;
    const dimKey = tenantKeyOf(dim.table);
    const tenantSql = dimKey ? ` AND m.${ident(dimKey)} = ${tenant}` : '';
    push(
      target.id,
      `${a}.${ident(target.column)} IN (SELECT m.${ident(dim.key)} FROM ${ident(dim.table)} m WHERE m.${ident(dim.column)} IN (${p.list(c.values)})${tenantSql})`,
    );
  }
  for (const parts of byTarget.values())
    clauses.push(parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`);
  return clauses;
}

/**
 * The entities (e.g. listings: product x channel x city) whose `column` was one of `values` on
 * the last date of the period, with all their rows: "out of stock" then means out of stock on
 * the last crawl, and a listing's row still shows its availability over the whole period.
 */
function lastCrawlFilter(
  ds: DatasetIndex,
  input: Pick<WhereInput, 'startDate' | 'endDate'>,
  column: string,
  entity: readonly string[],
  values: readonly FilterValue[],
  tenant: string,
  p: SqlParams,
): string {
  const table = ident(ds.config.table);
  const tenantCol = ident(requireTenantKey(ds.config.table));
  const date = ident(ds.config.dateColumn);
  const range = [
    ...(input.startDate ? [`x.${date} >= ${p.date(input.startDate)}`] : []),
    ...(input.endDate ? [`x.${date} <= ${p.date(input.endDate)}`] : []),
  ];
  const lastDate = `SELECT MAX(x.${date}) FROM ${table} x WHERE ${[`x.${tenantCol} = ${tenant}`, ...range].join(' AND ')}`;
  const same = entity.map((c) => `s.${ident(c)} = f.${ident(c)}`);
  return `EXISTS (SELECT 1 FROM ${table} s WHERE s.${tenantCol} = ${tenant} AND s.${date} = (${lastDate}) AND ${same.join(' AND ')} AND s.${ident(column)} IN (${p.list(values)}))`;
}
