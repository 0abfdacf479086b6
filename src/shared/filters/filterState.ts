/**
 * The per-screen filter state of docs/product-spec.md §3, stored under `prodSearcBarParams`. Screens add their
 * own fields (stock_status, violation_type, rank ...), hence the index signature.
 */
export type OptionKey = string | number;

/** Fields that are not user filters: dates, paging, order, bookkeeping. */
export const NON_FILTER_FIELDS = [
  'start_date',
  'end_date',
  'selected_date',
  'datepicker_title',
  'date_preset',
  'limit',
  'offset',
  'order_by',
  'order_type',
  'selected_filters',
  'checkbox_filters',
  'alwaysSelected_filters',
] as const;

export interface FilterState {
  /** Selections (lists of option keys), flags and maps of linked ids, by field: config names them. */
  [field: string]: unknown;
  /** YYYY-MM-DD, or '-1' for all time. */
  start_date?: string;
  end_date?: string;
  selected_date?: string;
  datepicker_title?: string;
  date_preset?: string;
  limit: number;
  offset: number;
  order_by?: string;
  order_type?: 'asc' | 'desc';
  /** Display names of chosen values, for the selected-filter tags: field -> key -> name. */
  selected_filters?: Record<string, Record<string, string>>;
  checkbox_filters?: Record<string, OptionKey[]>;
  /** Fields whose tags cannot be removed (e.g. a mandatory channel). */
  alwaysSelected_filters?: string[];
}

/** An unset value: undefined, null, '' or an empty list. Such keys are dropped everywhere. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** A map (names for tags, linked ids of a declared link): bookkeeping, never a filter value. */
export function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Fields of the state that hold a user filter (not dates, paging or bookkeeping). */
export function filterFields(state: FilterState): string[] {
  const skip = new Set<string>(NON_FILTER_FIELDS);
  return Object.keys(state).filter((k) => !skip.has(k) && !isEmptyValue(state[k]) && !isMap(state[k]));
}

/** Copy without empty keys (docs/product-spec.md §4: drop empty keys). */
export function dropEmptyKeys<T extends Record<string, unknown>>(obj: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) if (!isEmptyValue(v)) out[k] = v;
  return out as T;
}
