import { BadRequestError } from '../../../shared/errors.js';
import { columnDimension } from '../model/datasetIndex.js';
import {
  MAX_OFFSET,
  MAX_PAGE_SIZE,
  parseDataRequest,
  type DataRequest,
  type QueryContext,
} from './dataRequest.js';
import { parseIntParam, parseList, quoteInput, rawText } from './requestValues.js';

/** Prefix of a chart point's parameters: `point.crawl_date=2026-11-02`, `point.channel_id=3`. */
export const POINT_PREFIX = 'point.';
/** Rows a drill page holds by default. */
export const DRILL_PAGE = 50;

export interface DrillRequest {
  /** The screen's filters and dates, with the point's dimensions added as conditions. */
  data: DataRequest;
  /** The point's dimensions (a chart point: a day, a channel, a brand). */
  points: DataRequest['conditions'];
  /** False when the user removed the measure's condition: every row under the filters. */
  condition: boolean;
  sort: { field: string; order: 'asc' | 'desc' } | null;
}

/**
 * A drill call's parameters: the screen's own filters and dates as on its data calls (the same
 * parser), a chart point as `point.<dimension>` for the dimensions the query groups by,
 * `condition=off` to drop the measure's condition, and a page (limit, offset, order_by).
 */
export function parseDrillRequest(ctx: QueryContext, query: Record<string, unknown>): DrillRequest {
  const points: DataRequest['conditions'] = [];
  const rest: Record<string, unknown> = {};
  let condition = true;
  for (const [name, value] of Object.entries(query)) {
    if (name.startsWith(POINT_PREFIX)) {
      const id = name.slice(POINT_PREFIX.length);
      const groupBy = ctx.query.groupBy ?? [];
      const dim = columnDimension(ctx.dataset, id);
      if (!dim || !groupBy.includes(id))
        throw new BadRequestError(
          `${quoteInput(id)} is not a point of query "${ctx.query.id}" (${groupBy.join(', ') || 'it has none'})`,
        );
      const values = parseList(name, rawText(value) ?? '', dim.type);
      if (values.length !== 1) throw new BadRequestError(`"${name}" takes one value`);
      points.push({ dimension: id, op: 'in', values });
    } else if (name === 'condition') {
      const raw = rawText(value);
      if (raw !== 'on' && raw !== 'off') throw new BadRequestError('condition must be on or off');
      condition = raw === 'on';
    } else if (!['limit', 'offset', 'order_by', 'order_type'].includes(name)) rest[name] = value;
  }
  const data = parseDataRequest(ctx, rest);
  const limit = parseIntParam('limit', rawText(query.limit), 1, MAX_PAGE_SIZE) ?? DRILL_PAGE;
  const offset = parseIntParam('offset', rawText(query.offset), 0, MAX_OFFSET) ?? 0;
  const field = rawText(query.order_by);
  const type = rawText(query.order_type)?.toLowerCase();
  if (type !== undefined && type !== '' && type !== 'asc' && type !== 'desc')
    throw new BadRequestError(`order_type must be asc or desc, got ${quoteInput(type)}`);
  const sort = field ? { field, order: type === 'asc' ? ('asc' as const) : ('desc' as const) } : null;
  return {
    // A point's value is one the chart drew under the filters: it replaces their own selection of
    // that dimension (whereClauses joins selections of one dimension with OR).
    data: {
      ...data,
      conditions: [...data.conditions.filter((c) => !pointed(ctx, points, c.dimension)), ...points],
      limit,
      offset,
      sort,
    },
    points,
    condition,
    sort,
  };
}

function pointed(ctx: QueryContext, points: DataRequest['conditions'], dimension: string): boolean {
  const d = ctx.dataset.dimensions.get(dimension);
  const target = d?.kind === 'mapped' ? d.into : dimension;
  return points.some((pt) => pt.dimension === target);
}
