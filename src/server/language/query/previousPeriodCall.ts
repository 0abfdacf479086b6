import { previousPeriodOf, queryShowsPrevious } from '../../../shared/insights/previousPeriod.js';
import type { DataRequest, QueryContext } from './dataRequest.js';
import type { PreparedQuery } from './preparedQueries.js';

export interface PreviousCall {
  period: { start: string; end: string };
  call: PreparedQuery;
}

/**
 * The previous period's call of a KPI query: the same request with its dates moved back by the
 * period's length, compiled by the same compiler (no second definition of any measure), so its
 * answer is what the screen shows when the user picks those dates. Null when no KPI tile of the
 * query shows the previous period or the request has no date range.
 */
export function previousCall(
  ctx: QueryContext,
  request: DataRequest,
  prepare: (shifted: DataRequest) => PreparedQuery,
): PreviousCall | null {
  const { startDate, endDate } = request;
  if (!startDate || !endDate || ctx.query.paged || !queryShowsPrevious(ctx.screen, ctx.query.id)) return null;
  const period = previousPeriodOf(startDate, endDate);
  return { period, call: prepare({ ...request, startDate: period.start, endDate: period.end }) };
}
