import { compileBothPeriods, keyedPeriods } from '../../language/query/bothPeriods.js';
import { screenCompileInput } from '../../language/query/compileDatasetQuery.js';
import type { DataRequest, QueryContext } from '../../language/query/dataRequest.js';
import { runScreenQuery } from '../../language/query/runScreenQuery.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';

type Row = Record<string, unknown>;

/** What an explanation reads: its query (grouped by the member) over its period and the comparison period. */
export interface ExplainRead {
  ctx: QueryContext;
  request: DataRequest;
  groupId: number;
  previousPeriod: { start: string; end: string };
}

/** Each period's member rows, and how many statements read them. */
export interface PeriodRows {
  current: Row[];
  previous: Row[];
  statements: 1 | 2;
}

/**
 * The members' rows of both periods: one statement grouped by period and member where one scan
 * answers both (language/query/bothPeriods.ts: every measure an aggregate of its group's rows,
 * the periods touch), else each period's own query. On a busy machine the two queue; one scan
 * reads the rows once.
 */
export async function explainRows(warehouse: Warehouse, read: ExplainRead): Promise<PeriodRows> {
  const { ctx, request, groupId } = read;
  const both = compileBothPeriods(
    screenCompileInput(warehouse, ctx, request, groupId, 'page'),
    read.previousPeriod,
    {
      keyed: true,
    },
  );
  if (!both) return eachPeriodRows(warehouse, read);
  const { rows } = await runScreenQuery(warehouse, ctx, request, groupId, 'page', both);
  return { ...keyedPeriods(rows), statements: 1 };
}

/** The members' rows of each period from its own query (lost sales, day shares, last year's dates...). */
export async function eachPeriodRows(warehouse: Warehouse, read: ExplainRead): Promise<PeriodRows> {
  const { ctx, request, groupId, previousPeriod } = read;
  const [current, previous] = await Promise.all([
    runScreenQuery(warehouse, ctx, request, groupId),
    runScreenQuery(
      warehouse,
      ctx,
      { ...request, startDate: previousPeriod.start, endDate: previousPeriod.end },
      groupId,
    ),
  ]);
  return { current: current.rows, previous: previous.rows, statements: 2 };
}
