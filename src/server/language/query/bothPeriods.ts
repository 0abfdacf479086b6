import type { MeasureNode, ScreenQuery } from '../../../shared/config.gen.js';
import { previousPeriodOf } from '../../../shared/insights/previousPeriod.js';
import { columnDimension, type DatasetIndex } from '../model/datasetIndex.js';
import { measureKind } from '../measures/measureKinds.js';
import type { CompiledSql } from '../../platform/warehouse/sql/sqlBuilder.js';
import { compileDatasetQuery, type CompileInput } from './compileDatasetQuery.js';
import type { DataRequest } from './dataRequest.js';
import { PERIOD_KEY } from './periodKey.js';
import type { QueryRows } from './runScreenQuery.js';

/**
 * Kinds whose SQL is an aggregate of the rows of its group alone, so grouping the rows by period
 * gives each period exactly the value a query over that period alone gives. Not here: lost sales
 * (a relation joined over the days read), a share of total (a window over every group) and a day
 * share (its own two-step plan).
 */
const PER_GROUP_KINDS = new Set<MeasureNode['kind']>([
  'count',
  'countIf',
  'sum',
  'avg',
  'min',
  'max',
  'countDistinct',
  'countDistinctIf',
  'sumIf',
  'rankWeight',
  'ratio',
]);

function perGroup(ds: DatasetIndex, m: MeasureNode, depth = 0): boolean {
  if (depth > 8 || !PER_GROUP_KINDS.has(m.kind)) return false;
  // A ratio over the days both its sources have reads a span of its own per period.
  if (m.kind === 'ratio' && m.commonDays) return false;
  return (measureKind(m).uses?.(m) ?? []).every((id) => perGroup(ds, ds.measures.get(id)!, depth + 1));
}

/**
 * Whether one scan can answer a one-row query over the request's period and `previous`: the
 * periods touch (the comparison period is the one just before), every measure is an aggregate
 * of its group's rows, and nothing else in the SQL depends on the period (a period comparison of
 * its own, a filter at the period's last crawl).
 */
export function oneScanAnswers(
  ds: DatasetIndex,
  query: ScreenQuery,
  request: DataRequest,
  previous: { start: string; end: string },
): boolean {
  const { startDate, endDate } = request;
  if (!startDate || !endDate || query.paged || query.compare || (query.groupBy ?? []).length) return false;
  const before = previousPeriodOf(startDate, endDate);
  if (before.start !== previous.start || before.end !== previous.end) return false;
  if (request.conditions.some((c) => columnDimension(ds, c.dimension)?.filterAtLastCrawlOf)) return false;
  return query.measures.every((id) => perGroup(ds, ds.measures.get(id)!));
}

/**
 * A one-row query over its period and the period just before in one statement: the fact rows of
 * both periods are read in one scan and grouped by period (PERIOD_KEY), the same measures over
 * each group. Null when `oneScanAnswers` says no.
 */
export function compileBothPeriods(
  input: Omit<CompileInput, 'previous'>,
  previous: { start: string; end: string },
): CompiledSql | null {
  if (!oneScanAnswers(input.dataset, input.query, input.request, previous)) return null;
  return compileDatasetQuery({ ...input, previous });
}

type Row = Record<string, unknown>;

/**
 * The rows of a both-periods answer as each period's one row (without the key), or null for a
 * period the statement has no row of: it had no fact rows, and only its own query says what its
 * measures are over none (a count 0, a sum NULL).
 */
function splitPeriods(rows: readonly Row[]): { current: Row[] | null; previous: Row[] | null } {
  const of = (period: number): Row[] | null => {
    const row = rows.find((r) => Number(r[PERIOD_KEY]) === period);
    if (!row) return null;
    const { [PERIOD_KEY]: _, ...rest } = row;
    return [rest];
  };
  return { current: of(0), previous: of(1) };
}

/**
 * A KPI call's rows of both periods: from the one statement, and from a period's own call only
 * for a period the statement has no row of.
 */
export async function bothPeriodsRows(
  both: () => Promise<QueryRows>,
  current: () => Promise<QueryRows>,
  previous: () => Promise<QueryRows>,
): Promise<{ current: QueryRows; previous: QueryRows }> {
  const split = splitPeriods((await both()).rows);
  const own = (rows: Row[] | null, call: () => Promise<QueryRows>) =>
    rows ? Promise.resolve({ rows, total: rows.length }) : call();
  const [c, p] = await Promise.all([own(split.current, current), own(split.previous, previous)]);
  return { current: c, previous: p };
}
