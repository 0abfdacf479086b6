import type { FilterState, OptionKey } from '../../../../shared/filters/index.js';
import type { FilterOptionItem } from '../../../../shared/screenApi.js';
import type { SelectOption } from './OptionMenuList.js';

/** Current keys of a field as a list (single values become a one-item list). */
export function selectedKeys(filters: FilterState, field: string): OptionKey[] {
  const value = filters[field];
  if (Array.isArray(value)) return value as OptionKey[];
  return value === undefined || value === null || value === '' ? [] : [value as OptionKey];
}

/** Selected values as react-select options, named from the stored tag names or the list. */
export function selectedOptions(
  filters: FilterState,
  field: string,
  options: readonly FilterOptionItem[],
): SelectOption[] {
  const names = filters.selected_filters?.[field] ?? {};
  return selectedKeys(filters, field).map((key) => ({
    value: key,
    label: names[String(key)] ?? options.find((o) => String(o.key) === String(key))?.name ?? String(key),
  }));
}

export const toSelectOptions = (options: readonly FilterOptionItem[]): SelectOption[] =>
  options.map((o) => ({ value: o.key, label: o.name }));

export function namesOf(options: readonly SelectOption[]): Record<string, string> {
  return Object.fromEntries(options.map((o) => [String(o.value), o.label]));
}
