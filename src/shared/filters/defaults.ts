import { datePresetRange, type DatePresetId, type PresetInput } from './datePresets.js';
import type { FilterState } from './filterState.js';
import { DEFAULT_PAGE_SIZE } from '../pageSize.js';
import type { FilterRules } from './declaredRules.js';

/** What a screen declares about its filter state. */
export interface ScreenFilterDefaults {
  /** Page size of the screen's grid: pageSizeOf() in src/shared/pageSize.ts. */
  limit?: number;
  /** Default date preset (docs/product-spec.md §9: today, single day, last 7 days ...). */
  datePreset?: DatePresetId;
  /** Dates for a default custom/month range (e.g. the sales KPI's fixed 2018 range). */
  dateInput?: PresetInput;
  /** Pre-selected values, e.g. a default `stock_status`. */
  values?: Record<string, unknown>;
  /** Default order. */
  orderBy?: string;
  orderType?: 'asc' | 'desc';
  /** What the screen's filters declare: linked ids, cleared siblings, suggestion defaults. */
  rules?: FilterRules;
}

/** The state a screen opens with when neither the URL nor storage say otherwise. */
export function defaultFilterState(defaults: ScreenFilterDefaults, today: string): FilterState {
  const dates = datePresetRange(defaults.datePreset ?? 'today', today, defaults.dateInput);
  const state: FilterState = {
    ...(defaults.values ?? {}),
    ...dates,
    limit: defaults.limit ?? DEFAULT_PAGE_SIZE,
    offset: 0,
  };
  if (defaults.orderBy) state.order_by = defaults.orderBy;
  if (defaults.orderType) state.order_type = defaults.orderType;
  return state;
}
