import type { ScreenConfig, ScreenQuery } from '../../../shared/config.gen.js';
import { filterRulesOf, isDatePreset, type ScreenFilterDefaults } from '../../../shared/filters/index.js';
import { pageSizeOf } from '../../../shared/pageSize.js';

/** Filter defaults a screen config implies: page size, default date preset, default choices. */
export function screenDefaults(screen: ScreenConfig): ScreenFilterDefaults {
  const datePicker = screen.filters?.find((f) => f.kind === 'datePreset');
  const preset = screen.dates?.default ?? datePicker?.default;
  const values: Record<string, unknown> = {};
  for (const f of screen.filters ?? []) {
    if ((f.kind === 'radio' || f.kind === 'singleSelect') && f.default !== undefined)
      values[f.field] = f.default;
  }
  const defaults: ScreenFilterDefaults = {
    limit: pageSizeOf(screen),
    values,
    rules: filterRulesOf(screen.filters),
  };
  if (isDatePreset(preset)) defaults.datePreset = preset;
  return defaults;
}

/** Filter fields a query takes: its own list, else every field filter of the screen. */
export function queryFilterFields(screen: ScreenConfig, query: ScreenQuery): string[] {
  if (query.filters) return query.filters;
  const fields: string[] = [];
  for (const f of screen.filters ?? []) if ('field' in f && f.field) fields.push(f.field);
  return fields;
}

/** Whether the screen's dates follow the last crawl of its type (docs/product-spec.md §4). */
export function isCrawlLinked(screen: ScreenConfig): boolean {
  return Boolean(screen.crawlType) && screen.dates?.crawlLinked !== false;
}
