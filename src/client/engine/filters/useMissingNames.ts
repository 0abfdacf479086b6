import { useEffect } from 'react';
import type { FilterNode } from '../../../shared/config.gen.js';
import type { AppliedTag } from './appliedTags.js';
import { useEngine } from '../runtime/EngineContext.js';

/**
 * Names of chosen values that arrived as bare ids (a shared link, a typed address): asks each
 * filter's suggestion source for just those keys (GET suggestion/{source}?keys=…) and keeps the
 * names with the selection (selected_filters), where the tags and the select boxes read them.
 * Asked again only when the set of unnamed keys changes; a key the group does not have keeps its id.
 */
export function useMissingNames(tags: readonly AppliedTag[], configs: readonly FilterNode[]): void {
  const { screen, store, source: data } = useEngine();
  const missing = new Map<string, string[]>();
  for (const t of tags) {
    const config = configs.find((f) => 'field' in f && f.field === t.field);
    const source = config && 'source' in config ? config.source : undefined;
    if (!source || t.name !== String(t.key)) continue;
    missing.set(source, [...(missing.get(source) ?? []), String(t.key)]);
  }
  const wanted = JSON.stringify([...missing]);
  useEffect(() => {
    const asks = JSON.parse(wanted) as [string, string[]][];
    for (const [source, keys] of asks) {
      const config = configs.find((f) => 'source' in f && f.source === source);
      if (!config || !('field' in config)) continue;
      const field = config.field;
      data.suggestions(source, { screenName: `${screen.area}/${screen.id}`, keys: keys.join(',') }).then(
        ({ options }) => {
          const filters = store.filters;
          const chosen = new Set(
            (Array.isArray(filters[field]) ? filters[field] : [filters[field]]).map(String),
          );
          const found = options.filter((o) => chosen.has(String(o.key)));
          if (found.length === 0) return;
          const names = { ...(filters.selected_filters?.[field] ?? {}) };
          for (const o of found) names[String(o.key)] = o.name;
          filters.selected_filters = { ...(filters.selected_filters ?? {}), [field]: names };
        },
        () => undefined, // the id stays shown: nothing is lost
      );
    }
  }, [wanted, configs, data, store, screen.area, screen.id]);
}
