import type { FilterNode } from '../../../shared/config.gen.js';
import { filterFields, type FilterState, type OptionKey } from '../../../shared/filters/index.js';
import { selectedKeys } from './parts/selectionHelpers.js';

export interface AppliedTag {
  field: string;
  key: OptionKey;
  /** The filter's label, e.g. 'Brand'. */
  label: string;
  /** The chosen value's name, e.g. 'Acme'. */
  name: string;
}

/** One entry per chosen filter value, named as the user chose it: the tags and the empty-state hint. */
export function appliedTags(filters: FilterState, configs: readonly FilterNode[]): AppliedTag[] {
  const labels = new Map(configs.flatMap((f) => ('field' in f ? [[f.field, f.label] as const] : [])));
  // Fixed options name a value that arrived without its name (a KPI drill-down link, a shared URL).
  const optionName = (field: string, key: OptionKey) => {
    const config = configs.find((f) => 'field' in f && f.field === field);
    const options = config && 'options' in config ? config.options : undefined;
    return options?.find((o) => String(o.value) === String(key))?.label;
  };
  return filterFields(filters).flatMap((field) =>
    selectedKeys(filters, field).map((key) => ({
      field,
      key,
      label: labels.get(field) ?? field,
      name: filters.selected_filters?.[field]?.[String(key)] ?? optionName(field, key) ?? String(key),
    })),
  );
}
