import { dropEmptyKeys, isEmptyValue, type FilterState, type OptionKey } from './filterState.js';
import { NO_FILTER_RULES, type FilterRules, type LinkRule } from './declaredRules.js';

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
 * Query merging (product spec, requests): each declared link's parameter (and the ones it also
 * merges) is added to its `into` fields; the links come from config (schemas/README.md, filters).
 * Undefined parameters and empty lists are dropped.
 */
export function mergeQuery(
  params: Record<string, unknown>,
  links: readonly LinkRule[],
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...params };
  for (const link of links) {
    const from = [link.param, ...(link.alsoMerges ?? [])];
    if (from.every((p) => out[p] === undefined)) continue;
    for (const field of link.into) out[field] = union(out[field], ...from.map((p) => out[p]));
    for (const p of from) delete out[p];
  }
  return dropEmptyKeys(out);
}

/**
 * Query string of a data call (docs/contracts.md: generic data endpoints): the screen's declared
 * filter fields, dates, paging and order. A linked value (label category, city zone) travels as
 * the ids it stands for, merged into the field they belong to.
 */
export function dataQueryParams(
  state: FilterState,
  fields: readonly string[],
  rules: FilterRules = NO_FILTER_RULES,
): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const f of fields) params[f] = state[f];
  // Expand only into fields the screen declares: the data API refuses undeclared filter fields.
  const links = rules.links
    .filter((l) => fields.includes(l.into[0]!))
    .map((l) => ({ ...l, into: l.into.filter((f) => fields.includes(f)) }));
  for (const link of links) {
    const ids = Object.values((state[link.map] as Record<string, unknown[]> | undefined) ?? {}).flat();
    params[link.param] = ids;
    if (ids.length) delete params[link.field];
  }
  return dropEmptyKeys({
    ...mergeQuery(params, links),
    start_date: state.start_date,
    end_date: state.end_date,
    limit: state.limit,
    offset: state.offset,
    order_by: state.order_by,
    order_type: state.order_by ? state.order_type : undefined,
  });
}

/**
 * Suggestion call parameters (product spec, requests): the source's declared defaults fill
 * parameters left missing or empty, then query merging.
 */
export function suggestionParams(
  source: string,
  params: Record<string, unknown>,
  rules: FilterRules = NO_FILTER_RULES,
): Record<string, unknown> {
  const out = { ...params };
  for (const [key, value] of Object.entries(rules.suggestionDefaults[source] ?? {}))
    if (isEmptyValue(out[key])) out[key] = value;
  return mergeQuery(out, rules.links);
}
