import { datePresetRange, type DatePresetId, type PresetInput } from './datePresets.js';
import { defaultFilterState, type ScreenFilterDefaults } from './defaults.js';
import { DEFAULT_PAGE_SIZE } from '../pageSize.js';
import {
  dropEmptyKeys,
  filterFields,
  isEmptyValue,
  type FilterState,
  type OptionKey,
} from './filterState.js';
import { NO_FILTER_RULES, type FilterRules } from './declaredRules.js';

/** Paging back to the first page of the default size: every filter change does this (docs/product-spec.md §4). */
export function resetPaging(state: FilterState, defaults: ScreenFilterDefaults): FilterState {
  return { ...state, offset: 0, limit: defaults.limit ?? DEFAULT_PAGE_SIZE };
}

/**
 * Set one filter field. Resets offset and limit; an empty value removes the key. The table's
 * scroll reset is the caller's, keyed on offset going to 0.
 */
export function changeFilter(
  state: FilterState,
  field: string,
  value: unknown,
  defaults: ScreenFilterDefaults,
  names?: Record<string, string>,
): FilterState {
  let next: FilterState = resetPaging({ ...state, [field]: value }, defaults);
  if (names && !isEmptyValue(value))
    next.selected_filters = { ...(state.selected_filters ?? {}), [field]: names };
  else if (isEmptyValue(value) && state.selected_filters?.[field]) {
    // An emptied field takes its tag names with it.
    const rest = { ...state.selected_filters };
    delete rest[field];
    next.selected_filters = rest;
  }
  // A filter may declare the siblings its choice contradicts (the self/competitor choice clears brand and category).
  const clears = defaults.rules?.clears[field];
  if (clears) next = clearFields(next, clears);
  return dropEmptyKeys(next);
}

/** Write a date preset's dates; a new date range is a filter change too. */
export function changeDatePreset(
  state: FilterState,
  preset: DatePresetId,
  today: string,
  defaults: ScreenFilterDefaults,
  input?: PresetInput,
): FilterState {
  return resetPaging({ ...state, ...datePresetRange(preset, today, input) }, defaults);
}

/** Sorting resets paging like any other change. */
export function changeOrder(
  state: FilterState,
  orderBy: string | undefined,
  orderType: 'asc' | 'desc' | undefined,
  defaults: ScreenFilterDefaults,
): FilterState {
  return dropEmptyKeys(resetPaging({ ...state, order_by: orderBy, order_type: orderType }, defaults));
}

/** Show More: the next page is appended by the caller. */
export function nextPage(state: FilterState): FilterState {
  return { ...state, offset: state.offset + state.limit };
}

function clearFields(state: FilterState, fields: readonly string[]): FilterState {
  const next: FilterState = { ...state };
  const names = { ...(state.selected_filters ?? {}) };
  for (const f of fields) {
    delete next[f];
    delete names[f];
  }
  next.selected_filters = names;
  return next;
}

/**
 * 'Clear all filters': selections go back to the screen defaults, linked ids (the dependants of
 * label categories and city zones) are cleared, paging resets; the date range and order stay
 * (they live in the submenu bar).
 */
export function removeAllFilters(
  state: FilterState,
  defaults: ScreenFilterDefaults,
  today: string,
): FilterState {
  const base = defaultFilterState(defaults, today);
  const kept = state.alwaysSelected_filters ?? [];
  const next: FilterState = clearFields(state, [
    ...filterFields(state),
    ...(defaults.rules ?? NO_FILTER_RULES).links.map((l) => l.map),
  ]);
  for (const f of kept) if (state[f] !== undefined) next[f] = state[f];
  for (const [k, v] of Object.entries(defaults.values ?? {})) next[k] = v;
  next.selected_filters = pickNames(state, kept);
  return dropEmptyKeys({ ...next, limit: base.limit, offset: 0 });
}

function pickNames(state: FilterState, fields: readonly string[]): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const f of fields) {
    const names = state.selected_filters?.[f];
    if (names) out[f] = names;
  }
  return out;
}

/** 'Clear all filters' is enabled only when at least one removable filter is applied. */
export function canClearAll(state: FilterState): boolean {
  const kept = new Set(state.alwaysSelected_filters ?? []);
  return filterFields(state).some((f) => !kept.has(f));
}

const without = (list: unknown, keys: readonly OptionKey[]): OptionKey[] | undefined => {
  if (!Array.isArray(list)) return undefined;
  const drop = new Set(keys.map(String));
  return (list as OptionKey[]).filter((v) => !drop.has(String(v)));
};

/**
 * Remove one selected-filter tag (docs/product-spec.md §4): offset 0, the value removed, empty keys dropped; a
 * linked value (a label category, a city zone) also takes its linked ids with it.
 */
export function removeTag(
  state: FilterState,
  field: string,
  key: OptionKey,
  rules: FilterRules = NO_FILTER_RULES,
): FilterState {
  const next: FilterState = { ...state, offset: 0 };
  const current = state[field];
  next[field] = Array.isArray(current) ? without(current, [key]) : undefined;
  const names = { ...(state.selected_filters ?? {}) };
  if (names[field]) {
    const rest = { ...names[field] };
    delete rest[String(key)];
    names[field] = rest;
    if (Object.keys(rest).length === 0) delete names[field];
  }
  next.selected_filters = names;
  for (const link of rules.links) if (link.field === field) unlink(next, link.map, link.into[0]!, key);
  return dropEmptyKeys(next);
}

function unlink(state: FilterState, mapField: string, target: string, key: OptionKey) {
  const map = { ...((state[mapField] as Record<string, OptionKey[]> | undefined) ?? {}) };
  const linked = map[String(key)] ?? [];
  delete map[String(key)];
  state[mapField] = Object.keys(map).length ? map : undefined;
  const left = without(state[target], linked);
  state[target] = left;
  const names = state.selected_filters?.[target];
  if (names && state.selected_filters) {
    const rest = { ...names };
    for (const id of linked) delete rest[String(id)];
    state.selected_filters = { ...state.selected_filters, [target]: rest };
  }
}
