import type { ScreenQuery } from '../../../shared/config.gen.js';
import { BadRequestError } from '../../../shared/errors.js';
import { comparisonPeriodOf, type CompareTo } from '../../../shared/insights/previousPeriod.js';
import { columnDimension } from '../../language/model/datasetIndex.js';
import type { DataRequest, QueryContext } from '../../language/query/dataRequest.js';
import { runScreenQuery } from '../../language/query/runScreenQuery.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import {
  additiveSplit,
  priceVolumeSplit,
  rateMixSplit,
  type Contribution,
  type MemberFigures,
  type Split,
} from './decompose.js';
import { explainMethod } from './explainMethod.js';

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

/**
 * A KPI's change from the previous period split over the members of `by`: the screen's query
 * compiled by the same compiler, grouped by `by` and reading the measures the split needs, over
 * both periods at once under the same filters and tenant.
 */
export async function explainChange(warehouse: Warehouse, input: ExplainInput): Promise<Explanation> {
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
  const previousPeriod = comparisonPeriodOf(startDate, endDate, input.to ?? 'previous');
  const query: ScreenQuery = {
    ...ctx.query,
    measures: how.reads,
    groupBy: [by],
    paged: false,
    compare: undefined,
    limit: undefined,
  };
  const figuresOf = async (start: string, end: string): Promise<MemberFigures[]> => {
    const req = { ...request, startDate: start, endDate: end, sort: null, offset: 0 };
    const { rows } = await runScreenQuery(warehouse, { ...ctx, query }, req, groupId);
    const label = dim.lookup?.labelColumn;
    return rows.map((r) => ({
      key: String(r[by]),
      label: labelOf((label ? r[label] : undefined) ?? r[by]),
      a: Number(r[how.reads[0]] ?? 0),
      b: how.reads[1] === undefined ? undefined : Number(r[how.reads[1]] ?? 0),
    }));
  };
  const [now, before] = await Promise.all([
    figuresOf(startDate, endDate),
    figuresOf(previousPeriod.start, previousPeriod.end),
  ]);
  const split =
    how.method === 'rateMix'
      ? rateMixSplit(now, before, how.scale)
      : how.method === 'priceVolume'
        ? priceVolumeSplit(now, before)
        : additiveSplit(now, before);
  return {
    ...split,
    contributions: topWithOthers(split.contributions),
    measure,
    by,
    method: how.method,
    period: { start: startDate, end: endDate },
    previousPeriod,
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
