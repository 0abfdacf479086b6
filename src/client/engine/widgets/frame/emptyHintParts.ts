import type { FilterNode } from '../../../../shared/config.gen.js';
import type { FilterState } from '../../../../shared/filters/index.js';
import { appliedTags } from '../../filters/appliedTags.js';

/**
 * What the empty state names as having emptied a widget: each chosen filter value by its filter's
 * label, then the period, but only on a screen with a date picker: a screen without one (Crawl
 * Status KPI) is not narrowed by the date its store still holds, so naming it would mislead.
 */
export function emptyHintParts(
  filters: FilterState,
  configs: readonly FilterNode[],
  dated: boolean,
): string[] {
  const byLabel = new Map<string, string[]>();
  for (const t of appliedTags(filters, configs))
    byLabel.set(t.label, [...(byLabel.get(t.label) ?? []), t.name]);
  const parts = [...byLabel].map(([label, names]) => `${label}: ${names.join(', ')}`);
  if (dated && filters.datepicker_title) parts.push(`Date: ${filters.datepicker_title}`);
  return parts;
}
