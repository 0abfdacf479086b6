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
 * Which rows a both-periods statement answers: `keyed` lets the query keep its group keys (the
 * statement is grouped by period and key) for a caller that reads every row of each period, as
 * an explanation reads every member; without it only a one-row query (a KPI call).
 */
export interface BothPeriodsOptions {
  keyed?: boolean;
}

/**
 * Whether one scan can answer a query over the request's period and `previous`: the periods
 * touch (the comparison period is the one just before), every measure is an aggregate of its
 * group's rows, and nothing else in the SQL depends on the period (a period comparison of its
 * own, a filter at the period's last crawl, a page or a LIMIT cutting across both periods).
 */
export function oneScanAnswers(
  ds: DatasetIndex,
  query: ScreenQuery,
  request: DataRequest,
  previous: { start: string; end: string },
  options: BothPeriodsOptions = {},
): boolean {
  const { startDate, endDate } = request;
  if (!startDate || !endDate || query.paged || query.compare) return false;
  if ((query.groupBy ?? []).length && (!options.keyed || query.limit !== undefined)) return false;
  const before = previousPeriodOf(startDate, endDate);
  if (before.start !== previous.start || before.end !== previous.end) return false;
  if (request.conditions.some((c) => columnDimension(ds, c.dimension)?.filterAtLastCrawlOf)) return false;
  return query.measures.every((id) => perGroup(ds, ds.measures.get(id)!));
}

/**
 * A query over its period and the period just before in one statement: the fact rows of both
 * periods are read in one scan and grouped by period (PERIOD_KEY) and the query's keys, the same
 * measures over each group. Null when `oneScanAnswers` says no.
 */
export function compileBothPeriods(
  input: Omit<CompileInput, 'previous'>,
  previous: { start: string; end: string },
  options: BothPeriodsOptions = {},
): CompiledSql | null {
  if (!oneScanAnswers(input.dataset, input.query, input.request, previous, options)) return null;
  return compileDatasetQuery({ ...input, previous });
}

type Row = Record<string, unknown>;

/** The rows of one period (0 the request's, 1 the one before) without the period key, in the statement's order. */
function rowsOf(rows: readonly Row[], period: number): Row[] {
  return rows.filter((r) => Number(r[PERIOD_KEY]) === period).map(({ [PERIOD_KEY]: _, ...rest }) => rest);
}

/**
 * A keyed both-periods answer as each period's rows. A period or member without fact rows has
 * no row, as in its own query: a grouped query over no rows has no groups.
 */
export function keyedPeriods(rows: readonly Row[]): { current: Row[]; previous: Row[] } {
  return { current: rowsOf(rows, 0), previous: rowsOf(rows, 1) };
}

/**
 * The rows of a both-periods answer as each period's one row (without the key), or null for a
 * period the statement has no row of: it had no fact rows, and only its own query says what its
 * measures are over none (a count 0, a sum NULL).
 */
function splitPeriods(rows: readonly Row[]): { current: Row[] | null; previous: Row[] | null } {
  const of = (period: number): Row[] | null => {
    const own = rowsOf(rows, period);
    return own.length ? own.slice(0, 1) : null;
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
