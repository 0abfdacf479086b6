import type { QueryCompare } from '../../../shared/config.gen.js';
import { previousPeriodOf } from '../../../shared/insights/previousPeriod.js';
import type { DatasetIndex } from '../model/datasetIndex.js';
import { columnDimension } from '../model/datasetIndex.js';
import type { DataRequest } from './dataRequest.js';
import { whereClauses, type WhereInput } from './filterSql.js';
import { alias, ident, type SqlParams } from '../../platform/warehouse/sql/sqlBuilder.js';
import {
  changeField,
  COMPARE_END,
  COMPARE_KEYS,
  COMPARE_START,
  compareFields,
  previousField,
} from '../../../shared/compareFields.js';

/** The period of equal length that ends the day before `start`: one rule with the KPI tiles' previous period. */
export const previousPeriod = previousPeriodOf;

export interface CompareInput {
  ds: DatasetIndex;
  compare: QueryCompare;
  request: DataRequest;
  where: Omit<WhereInput, 'startDate' | 'endDate'>;
  p: SqlParams;
  /** Relations the measures read beside the fact rows (`LEFT JOIN ...` lines), '' when none. */
  joined?: string;
  /** The one-row aggregate of `measures` over `from` (FROM and WHERE over the fact rows `f`). */
  aggregate: (from: string, measures: string[]) => string;
}

export interface CompareSql {
  /** `WITH ...` to put before the SELECT, or '' when the request has no date range. */
  with: string;
  /** Select items over the joined parts. */
  select: string[];
  /** `CROSS JOIN (...)` parts after the current period's aggregate. */
  joins: string[];
}

/**
 * Period-over-period change as METRICS.md defines it for share of search: only over keys present
 * in both periods. The keys common to both periods go to a CTE; both periods are aggregated over
 * the rows with those keys, and the change is their difference. Without a date range there is no
 * previous period: the fields are NULL.
 */
export function compareSql(input: CompareInput): CompareSql {
  const { ds, compare, request, p } = input;
  const { startDate, endDate } = request;
  if (!startDate || !endDate) {
    const nulls = compareFields(compare.measures).map((f) => `NULL AS ${alias(f)}`);
    return { with: '', select: nulls, joins: [] };
  }

  const prev = previousPeriod(startDate, endDate);
  const table = `FROM ${ident(ds.config.table)} f`;
  const whereOf = (startDate: string, endDate: string) =>
    whereClauses(ds, { ...input.where, startDate, endDate }, p).join(' AND ');
  const cols = compare.over.map((id) => ident(columnDimension(ds, id)!.column));
  const keys = cols.map((c) => `f.${c}`).join(', ');
  const common = [
    `SELECT ${keys} ${table} WHERE ${whereOf(startDate, endDate)}`,
    'INTERSECT',
    `SELECT ${keys} ${table} WHERE ${whereOf(prev.start, prev.end)}`,
  ].join('\n');
  const onCommon = `JOIN compare_keys ck ON ${cols.map((c) => `ck.${c} = f.${c}`).join(' AND ')}`;
  const restricted = (s: string, e: string) =>
    `${table}${input.joined ?? ''}\n${onCommon}\nWHERE ${whereOf(s, e)}`;
  const select = compare.measures.flatMap((m) => [
    `c.${alias(m)} - pr.${alias(m)} AS ${alias(changeField(m))}`,
    `pr.${alias(m)} AS ${alias(previousField(m))}`,
  ]);
  select.push(
    `k.n AS ${alias(COMPARE_KEYS)}`,
    `CAST(${p.add(prev.start)} AS VARCHAR) AS ${alias(COMPARE_START)}`,
    `CAST(${p.add(prev.end)} AS VARCHAR) AS ${alias(COMPARE_END)}`,
  );
  return {
    with: `WITH compare_keys AS (\n${common}\n)`,
    select,
    joins: [
      `CROSS JOIN (${input.aggregate(restricted(startDate, endDate), compare.measures)}) c`,
      `CROSS JOIN (${input.aggregate(restricted(prev.start, prev.end), compare.measures)}) pr`,
      'CROSS JOIN (SELECT COUNT(*) AS n FROM compare_keys) k',
    ],
  };
}
