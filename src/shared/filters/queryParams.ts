import { dropEmptyKeys, type FilterState, type OptionKey } from './filterState.js';

/** Union of lists, order kept, duplicates dropped (by string form). */
function union(...lists: unknown[]): OptionKey[] {
  const seen = new Set<string>();
  const out: OptionKey[] = [];
  for (const list of lists) {
    const items = Array.isArray(list)
      ? (list as OptionKey[])
      : list === undefined || list === null
        ? []
        : [list as OptionKey];
    for (const v of items) {
      if (!seen.has(String(v))) {
        seen.add(String(v));
        out.push(v);
      }
    }
  }
  return out;
}

/**
 * Query merging of spec §7: label_category and mapped_category_id values merge into category_id;
 * city_zone values into city_id and city. Undefined parameters and empty lists are dropped.
 */
export function mergeQuery(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...params };
  if (out.label_category !== undefined || out.mapped_category_id !== undefined) {
    out.category_id = union(out.category_id, out.label_category, out.mapped_category_id);
    delete out.label_category;
    delete out.mapped_category_id;
  }
  if (out.city_zone !== undefined) {
    out.city_id = union(out.city_id, out.city_zone);
    out.city = union(out.city, out.city_zone);
    delete out.city_zone;
  }
  return dropEmptyKeys(out);
}

/**
 * Query string of a data call (contracts: generic data endpoints): the screen's declared filter
 * fields, dates, paging and order. Label categories and city zones travel as the category and city
 * ids they stand for.
 */
export function dataQueryParams(state: FilterState, fields: readonly string[]): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const f of fields) params[f] = state[f];
  // Expand only into fields the screen declares: the data API refuses undeclared filter fields.
  if (fields.includes('category_id')) {
    params.label_category = Object.values(state.label_category_ids ?? {}).flat();
    if ((params.label_category as unknown[]).length) delete params.label_category_id;
  }
  if (fields.includes('city_id')) {
    params.city_zone = Object.values(state.city_zone_ids ?? {}).flat();
    if ((params.city_zone as unknown[]).length) delete params.city_zone_id;
  }
  const merged = mergeQuery(params);
  delete merged.city; // the data API knows city_id only; `city` is for the legacy suggestion sources
  return dropEmptyKeys({
    ...merged,
    start_date: state.start_date,
    end_date: state.end_date,
    limit: state.limit,
    offset: state.offset,
    order_by: state.order_by,
    order_type: state.order_by ? state.order_type : undefined,
  });
}

/** Suggestion call parameters (spec §5, §7): brand suggestions get attr_type_id 0 when missing. */
export function suggestionParams(source: string, params: Record<string, unknown>): Record<string, unknown> {
  const out = { ...params };
  if (
    source.startsWith('brand') &&
    (out.attr_type_id === undefined || out.attr_type_id === null || out.attr_type_id === '')
  ) {
    out.attr_type_id = 0;
  }
  return mergeQuery(out);
}
