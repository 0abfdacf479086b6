import type { ScreenConfig, ScreenQuery } from '../../../shared/config.gen.js';
import { BadRequestError } from '../../../shared/errors.js';
import { pageSizeOf } from '../../../shared/pageSize.js';
import { RANK_MESSAGE, checkSelectionCount, parseRank } from '../../../shared/filters/validation.js';
import { COMPARE_TO_PARAM } from '../../../shared/insights/previousPeriod.js';
import { filterField } from '../config/checkScreen.js';
import { mappedInto, queryOutputFields, type DatasetIndex } from '../model/datasetIndex.js';
import {
  parseDateBound,
  parseIntParam,
  parseList,
  quoteInput,
  rawText,
  type FilterValue,
} from './requestValues.js';

/** One restriction from the request: a dimension (column or mapped) in a list, or <= a rank. */
export interface FilterCondition {
  dimension: string;
  op: 'in' | 'lte';
  values: FilterValue[];
}

/** A data call's request after parsing: only config names and typed values, never SQL text. */
export interface DataRequest {
  conditions: FilterCondition[];
  startDate: string | null;
  endDate: string | null;
  limit: number;
  offset: number;
  sort: { field: string; order: 'asc' | 'desc' } | null;
}

export const MAX_PAGE_SIZE = 500;
export const MAX_OFFSET = 10_000_000;
const MAX_UNPAGED_LIMIT = 100_000;
const PAGING_PARAMS = new Set(['start_date', 'end_date', 'limit', 'offset', 'order_by', 'order_type']);
/** Added by the one HTTP client on some areas (docs/product-spec.md §7); they carry no filter. */
export const IGNORED_PARAMS = new Set(['screenName', 'paxScreenName']);

export interface QueryContext {
  screen: ScreenConfig;
  query: ScreenQuery;
  dataset: DatasetIndex;
}

/** Filter parameters a query accepts: its screen filters, plus mapped dimensions merging into them. */
export function acceptedFilters(ctx: QueryContext): Map<string, 'in' | 'lte'> {
  const accepted = new Map<string, 'in' | 'lte'>();
  for (const f of ctx.screen.filters ?? []) {
    const field = filterField(f);
    if (field === null || (ctx.query.filters && !ctx.query.filters.includes(field))) continue;
    accepted.set(field, f.kind === 'rankInput' ? 'lte' : 'in');
    for (const m of mappedInto(ctx.dataset, field)) if (!accepted.has(m.id)) accepted.set(m.id, 'in');
  }
  return accepted;
}

/** Selection limits per filter field, as the filter bar enforces them (min/max select). */
function selectionLimits(ctx: QueryContext): Map<string, { maxSelect?: number; minSelect?: number }> {
  const limits = new Map<string, { maxSelect?: number; minSelect?: number }>();
  for (const f of ctx.screen.filters ?? []) {
    const field = filterField(f);
    const max = 'maxSelect' in f ? f.maxSelect : undefined;
    const min = 'minSelect' in f ? f.minSelect : undefined;
    if (field !== null && (max !== undefined || min !== undefined))
      limits.set(field, { maxSelect: max, minSelect: min });
  }
  return limits;
}

/**
 * Parses a data endpoint's query string; anything unknown or malformed is a BadRequestError.
 * The filter bar's own rules (selection limits, rank) are checked again here with the same shared
 * rules and messages, since a request need not come from the filter bar.
 */
export function parseDataRequest(ctx: QueryContext, query: Record<string, unknown>): DataRequest {
  const accepted = acceptedFilters(ctx);
  const limits = selectionLimits(ctx);
  const conditions: FilterCondition[] = [];
  for (const [name, value] of Object.entries(query)) {
    // The comparison choice picks the second period, not rows (previousPeriodCall.ts reads it).
    if (PAGING_PARAMS.has(name) || IGNORED_PARAMS.has(name) || name === COMPARE_TO_PARAM) continue;
    const op = accepted.get(name);
    if (!op) throw new BadRequestError(`Unknown filter field ${quoteInput(name)}`);
    const raw = rawText(value);
    if (raw === undefined) throw new BadRequestError(`Invalid value for "${name}"`);
    const dim = ctx.dataset.dimensions.get(name)!;
    const values = parseList(name, raw, dim.type);
    if (values.length === 0) continue; // empty lists mean "no filter" (docs/product-spec.md §5)
    const limit = limits.get(name);
    const countProblem = limit ? checkSelectionCount(values, limit) : null;
    if (countProblem) throw new BadRequestError(countProblem);
    if (op === 'lte' && (values.length !== 1 || 'error' in parseRank(String(values[0]))))
      throw new BadRequestError(`"${name}": ${RANK_MESSAGE}`);
    conditions.push({ dimension: name, op, values });
  }
  const startDate = parseDateBound('start_date', rawText(query.start_date));
  const endDate = parseDateBound('end_date', rawText(query.end_date));
  if (startDate && endDate && startDate > endDate)
    throw new BadRequestError('start_date must not be after end_date');
  const defaultLimit = pageSizeOf(ctx.screen, ctx.query.id);
  // Unpaged queries (KPIs, charts) answer their config's rows whatever limit a client sends:
  // it is still checked as a number, but not against the page-size cap.
  const maxLimit = ctx.query.paged ? MAX_PAGE_SIZE : MAX_UNPAGED_LIMIT;
  const parsedLimit = parseIntParam('limit', rawText(query.limit), 1, maxLimit);
  const limit = ctx.query.paged ? (parsedLimit ?? defaultLimit) : defaultLimit;
  const offset = parseIntParam('offset', rawText(query.offset), 0, MAX_OFFSET) ?? 0;
  return { conditions, startDate, endDate, limit, offset, sort: parseSort(ctx, query) };
}

function parseSort(ctx: QueryContext, query: Record<string, unknown>): DataRequest['sort'] {
  const field = rawText(query.order_by);
  const type = rawText(query.order_type);
  let order: 'asc' | 'desc' = 'desc';
  if (type !== undefined && type !== '') {
    const lower = type.toLowerCase();
    if (lower !== 'asc' && lower !== 'desc')
      throw new BadRequestError(`order_type must be asc or desc, got ${quoteInput(type)}`);
    order = lower;
  }
  if (field === undefined || field === '') return null;
  if (!queryOutputFields(ctx.dataset, ctx.query).has(field))
    throw new BadRequestError(`Unknown sort field ${quoteInput(field)}`);
  return { field, order };
}
