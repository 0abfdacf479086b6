import {
  chartOverlaysPrevious,
  COMPARE_TO_MESSAGE,
  COMPARE_TO_PARAM,
  comparisonPeriodOf,
  gridChangeMeasures,
  queryShowsPrevious,
  type CompareTo,
} from '../../../shared/insights/previousPeriod.js';
import { BadRequestError } from '../../../shared/errors.js';
import type { DataRequest, QueryContext } from './dataRequest.js';
import type { PreparedQuery } from './preparedQueries.js';
import { dateKeys, type PreviousJoin } from './previousJoin.js';
import { rawText } from './requestValues.js';

export interface PreviousCall {
  to: CompareTo;
  period: { start: string; end: string };
  call: PreparedQuery;
  /** Grids and charts: how the previous rows join the current ones; absent for KPI tiles (one row each). */
  join?: PreviousJoin;
  /**
   * KPI tiles: both periods' rows from one statement (bothPeriods.ts), absent where one scan
   * cannot answer both; `call` and the request's own call answer a period it has no row of.
   */
  both?: PreparedQuery;
}

/** The request's comparison choice: `compare_to=previous` (default) or `last_year`; else a 400. */
export function compareToOf(query: Record<string, unknown>): CompareTo {
  const raw = rawText(query[COMPARE_TO_PARAM]);
  if (raw === undefined || raw === '' || raw === 'previous') return 'previous';
  if (raw === 'last_year') return raw;
  throw new BadRequestError(COMPARE_TO_MESSAGE);
}

/**
 * The comparison period's call of a query: the same request with its dates moved to the
 * comparison period, compiled by the same compiler (no second definition of any measure), so its
 * answer is what the screen shows when the user picks those dates. KPI tiles read its one row;
 * grids with change columns and charts that overlay the previous period join its rows to the
 * current ones on the query's group keys. Null when nothing fed by the query shows the comparison
 * or the request has no date range. `prepareBoth` prepares a KPI call's both-periods statement.
 */
export function previousCall(
  ctx: QueryContext,
  request: DataRequest,
  to: CompareTo,
  prepare: (shifted: DataRequest) => PreparedQuery,
  prepareBoth?: (period: { start: string; end: string }) => PreparedQuery | null,
): PreviousCall | null {
  const { startDate, endDate } = request;
  if (!startDate || !endDate) return null;
  const period = comparisonPeriodOf(startDate, endDate, to);
  const join = joinOf(ctx, { to, period, currentStart: startDate });
  if (!join && (ctx.query.paged || !queryShowsPrevious(ctx.screen, ctx.query.id))) return null;
  const call = prepare({ ...request, startDate: period.start, endDate: period.end });
  if (join) return { to, period, call, join };
  const both = prepareBoth?.(period);
  return { to, period, call, ...(both ? { both } : {}) };
}

function joinOf(ctx: QueryContext, shift: NonNullable<PreviousJoin['shift']>): PreviousJoin | null {
  const keys = ctx.query.groupBy ?? [];
  if (keys.length === 0) return null;
  const changes = gridChangeMeasures(ctx.screen, ctx.query.id);
  const overlay = chartOverlaysPrevious(ctx.screen, ctx.query.id) && dateKeys(ctx.dataset, keys).length > 0;
  if (!overlay && changes.length === 0) return null;
  const measures = overlay ? ctx.query.measures : changes;
  return {
    keys,
    measures,
    ...(overlay ? { shift } : {}),
  };
}
