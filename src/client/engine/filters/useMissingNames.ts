import { useEffect, useState } from 'react';
import type { FilterNode } from '../../../shared/config.gen.js';
import type { AppliedTag } from './appliedTags.js';
import { useEngine } from '../runtime/EngineContext.js';

/** Names found for chosen keys, by field then key. */
export type KnownNames = Record<string, Record<string, string>>;

/**
 * Names of chosen values that arrived as bare ids (a shared link, a typed address): asks each
 * filter's suggestion source for just those keys (GET suggestion/{source}?keys=…), once per set.
 */
export function useMissingNames(tags: readonly AppliedTag[], configs: readonly FilterNode[]): KnownNames {
  const { screen, source: data } = useEngine();
  const [known, setKnown] = useState<KnownNames>({});
  const missing = new Map<string, string[]>();
  for (const t of tags) {
    const config = configs.find((f) => 'field' in f && f.field === t.field);
    const source = config && 'source' in config ? config.source : undefined;
    if (!source || t.name !== String(t.key) || known[t.field]?.[String(t.key)] !== undefined) continue;
    missing.set(source, [...(missing.get(source) ?? []), String(t.key)]);
  }
  const wanted = JSON.stringify([...missing]);
  useEffect(() => {
    const asks = JSON.parse(wanted) as [string, string[]][];
    let live = true;
    for (const [source, keys] of asks) {
      const field = configs.find((f) => 'source' in f && f.source === source);
      if (!field || !('field' in field)) continue;
      data.suggestions(source, { screenName: `${screen.area}/${screen.id}`, keys: keys.join(',') }).then(
        ({ options }) => {
          if (!live) return;
          // A key the group does not have keeps its id (and is not asked again).
          const names = Object.fromEntries(keys.map((k) => [k, k]));
          for (const o of options) names[String(o.key)] = o.name;
          setKnown((prev) => ({ ...prev, [field.field]: { ...prev[field.field], ...names } }));
        },
        () => undefined, // the id stays shown: nothing is lost
      );
    }
    return () => {
      live = false;
    };
  }, [wanted, configs, data, screen.area, screen.id]);
  return known;
}
