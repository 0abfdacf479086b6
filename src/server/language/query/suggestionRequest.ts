import type { FilterNode, ScreenConfig } from '../../../shared/config.gen.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import { filterField } from '../config/checkScreen.js';
import { mappedInto, type DatasetIndex } from '../model/datasetIndex.js';
import type { FilterCondition } from './dataRequest.js';
import {
  parseDateBound,
  parseIntParam,
  parseList,
  quoteInput,
  rawText,
  type FilterValue,
} from './requestValues.js';

/** Page sizes of option lists (docs/product-spec.md §9: static suggestion sizes 10 and 100). */
export const MAX_SUGGESTION_SIZE = 100;
const MAX_PREFIX = 100;

export interface SuggestionRequest {
  filter: FilterNode & { field: string };
  prefix: string;
  offset: number;
  size: number;
  startDate: string | null;
  endDate: string | null;
  /** Selections of the siblings this filter dependsOn (and the mapped dimensions merging into them). */
  conditions: FilterCondition[];
  /**
   * `keys=1001,1002`: the names of these options only (a shared link or a drill carries ids
   * without names), whatever the dates, siblings and prefix; still only the caller's group's.
   */
  keys?: FilterValue[] | null;
}

/**
 * Parses `suggestion/{source}` parameters for a screen. Parameters that are not siblings this
 * filter depends on are ignored (the client sends its whole filter state), but a malformed
 * sibling value is still a 400.
 */
export function parseSuggestionRequest(
  screen: ScreenConfig,
  dataset: DatasetIndex,
  source: string,
  query: Record<string, unknown>,
): SuggestionRequest {
  const filter = (screen.filters ?? []).find((f) => 'source' in f && f.source === source);
  const field = filter ? filterField(filter) : null;
  if (!filter || field === null)
    throw new NotFoundError(
      `Unknown suggestion source ${quoteInput(source)} for ${screen.area}/${screen.id}`,
    );
  const deps = 'dependsOn' in filter ? (filter.dependsOn ?? []) : [];
  const accepted = new Set<string>();
  for (const d of deps) {
    accepted.add(d);
    for (const m of mappedInto(dataset, d)) accepted.add(m.id);
  }
  const conditions: FilterCondition[] = [];
  for (const name of accepted) {
    const raw = rawText(query[name]);
    const dim = dataset.dimensions.get(name);
    if (raw === undefined || !dim) continue;
    const values = parseList(name, raw, dim.type);
    if (values.length) conditions.push({ dimension: name, op: 'in', values });
  }
  const keysRaw = rawText(query.keys);
  const fieldDim = dataset.dimensions.get(field);
  const keys = keysRaw !== undefined && fieldDim ? parseList('keys', keysRaw, fieldDim.type) : null;
  if (keys) {
    if (keys.length === 0) throw new BadRequestError('keys needs at least one value');
    return {
      filter: filter as FilterNode & { field: string },
      prefix: '',
      offset: 0,
      size: keys.length,
      startDate: null,
      endDate: null,
      conditions: [],
      keys,
    };
  }
  const prefix = (rawText(query.prefix) ?? '').trim();
  if (prefix.length > MAX_PREFIX)
    throw new BadRequestError(`prefix is too long (at most ${MAX_PREFIX} characters)`);
  const startDate = parseDateBound('start_date', rawText(query.start_date));
  const endDate = parseDateBound('end_date', rawText(query.end_date));
  return {
    filter: filter as FilterNode & { field: string },
    prefix,
    offset: parseIntParam('offset', rawText(query.offset), 0, 1_000_000) ?? 0,
    size: parseIntParam('staticSize', rawText(query.staticSize), 1, MAX_SUGGESTION_SIZE) ?? 10,
    startDate,
    endDate,
    conditions,
    keys: null,
  };
}
