import type { FilterLink, FilterNode } from '../config.gen.js';

/** A filter's declared link, with the field whose values stand for the linked ids. */
export interface LinkRule extends FilterLink {
  field: string;
}

/**
 * What a screen's filters declare beyond their own value (config, not engine code): linked ids
 * merged into other fields, siblings cleared on change, suggestion-call defaults by source.
 */
export interface FilterRules {
  links: readonly LinkRule[];
  clears: Readonly<Record<string, readonly string[]>>;
  suggestionDefaults: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

export const NO_FILTER_RULES: FilterRules = { links: [], clears: {}, suggestionDefaults: {} };

export function filterRulesOf(filters: readonly FilterNode[] = []): FilterRules {
  const links: LinkRule[] = [];
  const clears: Record<string, readonly string[]> = {};
  const suggestionDefaults: Record<string, Record<string, unknown>> = {};
  for (const f of filters) {
    if ('linked' in f && f.linked) links.push({ ...f.linked, field: f.field });
    if ('clears' in f && f.clears) clears[f.field] = f.clears;
    if ('suggestionDefaults' in f && f.suggestionDefaults && f.source)
      suggestionDefaults[f.source] = f.suggestionDefaults;
  }
  return { links, clears, suggestionDefaults };
}
