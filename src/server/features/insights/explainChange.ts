import type { ScreenQuery } from '../../../shared/config.gen.js';
import { BadRequestError } from '../../../shared/errors.js';
import { comparisonPeriodOf, type CompareTo } from '../../../shared/insights/previousPeriod.js';
import { columnDimension } from '../../language/model/datasetIndex.js';
import type { DataRequest, QueryContext } from '../../language/query/dataRequest.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import {
  additiveSplit,
  priceVolumeSplit,
  rateMixSplit,
  type Contribution,
  type MemberFigures,
  type Split,
} from './decompose.js';
import { explainMethod, type ExplainMethod } from './explainMethod.js';
import { explainRows, type ExplainRead, type PeriodRows } from './explainRows.js';

/** Contributions answered one by one; the rest add up into one "others" entry. */
export const TOP_CONTRIBUTIONS = 12;

export interface Explanation extends Split {
  measure: string;
  by: string;
  method: 'additive' | 'rateMix' | 'priceVolume';
  period: { start: string; end: string };
  previousPeriod: { start: string; end: string };
}

export interface ExplainInput {
  ctx: QueryContext;
  request: DataRequest;
  groupId: number;
  measure: string;
  by: string;
  /** What the change is from: the previous period (default) or the same period last year. */
  to?: CompareTo;
}

/** An explanation's read (explainRows.ts) and what turns its rows into the split. */
export interface ExplainPlan extends ExplainRead {
  measure: string;
  by: string;
  how: ExplainMethod;
  /** The member's label column (its lookup's), when it has one. */
  label?: string;
}

/**
 * A KPI's change from the previous period split over the members of `by`: the screen's query
 * compiled by the same compiler, grouped by `by` and reading the measures the split needs, over
 * both periods under the same filters and tenant (one statement where one scan answers both).
 */
export async function explainChange(warehouse: Warehouse, input: ExplainInput): Promise<Explanation> {
  const plan = explainPlan(input);
  return explanationOf(plan, await explainRows(warehouse, plan));
}

/** The checked request as a plan: a 400 for a measure, dimension or dates it cannot explain. */
export function explainPlan(input: ExplainInput): ExplainPlan {
  const { ctx, request, groupId, measure, by } = input;
  const ds = ctx.dataset;
  if (!ctx.query.measures.includes(measure))
    throw new BadRequestError(`Query "${ctx.query.id}" has no measure "${measure.slice(0, 80)}"`);
  const dim = columnDimension(ds, by);
  if (!dim || !ds.config.explain?.dimensions.includes(by))
    throw new BadRequestError(
      `"${by.slice(0, 80)}" is not a dimension this data can be explained by (${(ds.config.explain?.dimensions ?? []).join(', ') || 'none'})`,
    );
  const { startDate, endDate } = request;
  if (!startDate || !endDate)
    throw new BadRequestError('start_date and end_date are required to explain a change');
  const how = explainMethod(ds, measure);
  const query: ScreenQuery = {
    ...ctx.query,
    measures: how.reads,
    groupBy: [by],
    paged: false,
    compare: undefined,
    limit: undefined,
  };
  return {
    ctx: { ...ctx, query },
    request: { ...request, sort: null, offset: 0 },
    groupId,
    previousPeriod: comparisonPeriodOf(startDate, endDate, input.to ?? 'previous'),
    measure,
    by,
    how,
    ...(dim.lookup ? { label: dim.lookup.labelColumn } : {}),
  };
}

/** The split of the members' rows of both periods, its small contributions folded into "others". */
export function explanationOf(
  plan: ExplainPlan,
  rows: Pick<PeriodRows, 'current' | 'previous'>,
): Explanation {
  const { how, by, label } = plan;
  const figures = (period: Record<string, unknown>[]): MemberFigures[] =>
    period.map((r) => ({
      key: String(r[by]),
      label: labelOf((label ? r[label] : undefined) ?? r[by]),
      a: Number(r[how.reads[0]] ?? 0),
      b: how.reads[1] === undefined ? undefined : Number(r[how.reads[1]] ?? 0),
    }));
  const now = figures(rows.current);
  const before = figures(rows.previous);
  const split =
    how.method === 'rateMix'
      ? rateMixSplit(now, before, how.scale)
      : how.method === 'priceVolume'
        ? priceVolumeSplit(now, before)
        : additiveSplit(now, before);
  return {
    ...split,
    contributions: topWithOthers(split.contributions),
    measure: plan.measure,
    by,
    method: how.method,
    period: { start: plan.request.startDate!, end: plan.request.endDate! },
    previousPeriod: plan.previousPeriod,
  };
}

/** The largest contributions by size, and the rest summed as one "others" entry (so all still add up). */
export function topWithOthers(all: Contribution[], top = TOP_CONTRIBUTIONS): Contribution[] {
  const nonZero = all.filter((c) => c.value !== 0).sort((a, b) => Math.abs(b.value) - Math.abs(a.value));
  if (nonZero.length <= top) return nonZero;
  const rest = nonZero.slice(top);
  const value = rest.reduce((t, c) => t + c.value, 0);
  return [
    ...nonZero.slice(0, top),
    { key: 'others', label: `Others (${rest.length})`, effect: 'others', value },
  ];
}

function labelOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '(none)';
}
