/**
 * The per-screen filter state of spec §3, stored under `prodSearcBarParams`. Screens add their
 * own fields (stock_status, violation_type, rank ...), hence the index signature.
 */
export type OptionKey = string | number;

/** Multi-value selections every screen may use (spec §3). */
export const SELECTION_FIELDS = [
  'channel_id',
  'brand_id',
  'category_id',
  'label_category_id',
  'category_group_id',
  'city_id',
  'city_zone_id',
  'product_id',
  'keyword_id',
  'tag_id',
  'active_group_id',
] as const;
export type SelectionField = (typeof SELECTION_FIELDS)[number];

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
  'label_category_ids',
  'city_zone_ids',
] as const;

export interface FilterState {
  [field: string]: unknown;
  channel_id?: OptionKey[];
  brand_id?: OptionKey[];
  category_id?: OptionKey[];
  label_category_id?: OptionKey[];
  category_group_id?: OptionKey[];
  city_id?: OptionKey[];
  city_zone_id?: OptionKey[];
  product_id?: OptionKey[];
  keyword_id?: OptionKey[];
  tag_id?: OptionKey[];
  active_group_id?: OptionKey[];
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
  /** Category ids a chosen label category stands for: label key -> category ids. */
  label_category_ids?: Record<string, OptionKey[]>;
  /** City ids a chosen city zone stands for: zone key -> city ids. */
  city_zone_ids?: Record<string, OptionKey[]>;
  is_favourite?: boolean;
  is_competitor?: boolean | null;
  is_navigate?: boolean;
}

/** An unset value: undefined, null, '' or an empty list. Such keys are dropped everywhere. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** Fields of the state that hold a user filter (not dates, paging or bookkeeping). */
export function filterFields(state: FilterState): string[] {
  const skip = new Set<string>(NON_FILTER_FIELDS);
  return Object.keys(state).filter((k) => !skip.has(k) && !isEmptyValue(state[k]));
}

/** Copy without empty keys (spec §4: drop empty keys). */
export function dropEmptyKeys<T extends Record<string, unknown>>(obj: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) if (!isEmptyValue(v)) out[k] = v;
  return out as T;
}
