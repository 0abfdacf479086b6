import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import type { DataRequest, QueryContext } from '../../language/query/dataRequest.js';
import type { QueryRows } from '../../language/query/runScreenQuery.js';
import type { PreviousCall } from '../../language/query/previousPeriodCall.js';
import {
  dateKeys,
  joinPrevious,
  narrowedToMembers,
  type PreviousJoin,
} from '../../language/query/previousJoin.js';
import { periodHasRows } from '../../language/query/periodHasRows.js';
import { bothPeriodsRows } from '../../language/query/bothPeriods.js';
import type { PreparedQuery } from '../../language/query/preparedQueries.js';
import type { QueryResult } from '../../../shared/screenApi.js';

export interface ComparedInput {
  warehouse: Warehouse;
  ctx: QueryContext;
  groupId: number;
  previous: PreviousCall;
  /** The current period's rows (through the result cache). */
  current: () => Promise<QueryRows>;
  /** The comparison period's rows of the prepared call (through the result cache). */
  before: () => Promise<QueryRows>;
  /** The rows of a both-periods statement (`previous.both`, through the result cache). */
  both: (call: PreparedQuery) => Promise<QueryRows>;
  /** Grids and charts: the comparison period's rows of `comparisonQuery` (through the result cache). */
  comparisonRows: (ctx: QueryContext, request: DataRequest) => Promise<QueryRows>;
  /** The comparison period's cached answer, if any, and a way to keep one (cachedScreenQuery's `reuse`). */
  kept: () => { rows: QueryRows | undefined; keep: (rows: QueryRows) => void };
}

/**
 * A KPI call's two periods where one statement can answer both: the current period alone when
 * the comparison period's answer is still cached (a load of the current period's last day left
 * it valid), else the both-periods statement, whose previous period is then kept for the next call.
 */
async function kpiPeriods(
  input: ComparedInput,
  both: PreparedQuery,
): Promise<{ current: QueryRows; previous: QueryRows }> {
  const kept = input.kept();
  if (kept.rows) return { current: await input.current(), previous: kept.rows };
  const periods = await bothPeriodsRows(() => input.both(both), input.current, input.before);
  kept.keep(periods.previous);
  return periods;
}

/**
 * A data call's answer with its comparison period. KPI tiles: both periods at once (one statement
 * where one scan answers both), the previous one row beside the current. Grids and charts: the current rows first, then the same query over
 * the comparison period narrowed to the page's members where that cannot change a value, joined
 * on the group keys. Same period last year says when the warehouse holds nothing that far back.
 */
export async function comparedAnswer(input: ComparedInput): Promise<QueryResult> {
  const { warehouse, ctx, groupId, previous } = input;
  const history =
    previous.to === 'last_year'
      ? periodHasRows(warehouse, ctx.dataset, groupId, previous.period)
      : Promise.resolve(true);
  const meta = { ...previous.period, to: previous.to };
  if (!previous.join) {
    const both = previous.both;
    const periods = both
      ? kpiPeriods(input, both)
      : Promise.all([input.current(), input.before()]).then(([current, previous]) => ({ current, previous }));
    const [{ current, previous: before }, hasRows] = await Promise.all([periods, history]);
    return { ...current, previous: { ...meta, rows: before.rows, ...(hasRows ? {} : { noData: true }) } };
  }
  const join = previous.join;
  const current = await input.current();
  const request = previous.call.request;
  // A page's members only (or the whole period when narrowing could change a value), unpaged.
  const narrowed = ctx.query.paged
    ? narrowedToMembers(ctx.dataset, request, join.keys, join.measures, current.rows)
    : null;
  const before: Promise<QueryRows> =
    ctx.query.paged && current.rows.length === 0
      ? Promise.resolve({ rows: [], total: 0 })
      : input.comparisonRows(comparisonQuery(ctx, join), { ...(narrowed ?? request), sort: null });
  const [rows, hasRows] = await Promise.all([before, history]);
  const dates = join.shift ? dateKeys(ctx.dataset, join.keys) : [];
  const joined = joinPrevious(current.rows, rows.rows, join, dates);
  return {
    rows: joined,
    total: ctx.query.paged ? current.total : joined.length,
    previous: { ...meta, rows: [], ...(hasRows ? {} : { noData: true }) },
  };
}

/**
 * The query over the comparison period of a grid or chart: only the measures the join shows
 * (a grid's change columns; every measure of a chart that overlays the period), every row, no
 * sort. A grid's change of availability then costs an availability, not its day shares and lost
 * sales too.
 */
export function comparisonQuery(ctx: QueryContext, join: PreviousJoin): QueryContext {
  const { sort: _, limit: __, ...query } = ctx.query;
  return { ...ctx, query: { ...query, paged: false, measures: [...join.measures] } };
}
