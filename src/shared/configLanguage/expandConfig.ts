import { pointer, type ConfigOrigin, type LanguageProblem } from './jsonPointer.js';
import type { SharedDefinitions, SharedSection } from './sharedDefinitions.js';

type Json = Record<string, unknown>;

/** Where each file kind may use shared definitions: lists of nodes, or one node. */
const PLACES: Record<'screen' | 'dataset', { section: SharedSection; list: boolean }[]> = {
  screen: [
    { section: 'filters', list: true },
    { section: 'dates', list: false },
    { section: 'mutations', list: true },
  ],
  dataset: [
    { section: 'dimensions', list: true },
    { section: 'measures', list: true },
  ],
};

export interface Expansion {
  data: unknown;
  /** Where expanded nodes were written: shared definitions, and the references naming them. */
  origins: ConfigOrigin[];
  problems: LanguageProblem[];
}

/**
 * Replaces every `{ "use": name, ...overrides }` by the named shared definition with the local
 * properties laid over it (a shallow merge: a local property replaces the shared one whole), and
 * fills in what the path says: `id` (and, for screens, `area` and `permission` = 'area/id') when
 * the file leaves them out. A written value wins over the derived one, and the checks then hold it
 * to the path: area and id name the file, and access needs the activity to be the path after
 * /workspace/ (product spec, roles), so a differing value is reported, not silently replaced.
 */
export function expandConfig(
  kind: 'area' | 'screen' | 'dataset',
  file: string,
  derived: { area: string | null; id: string },
  data: unknown,
  shared: SharedDefinitions,
): Expansion {
  const result: Expansion = { data, origins: [], problems: [] };
  if (!data || typeof data !== 'object' || Array.isArray(data)) return result;
  const out: Json = { ...(data as Json) };
  out.id ??= derived.id;
  if (kind === 'screen') {
    out.area ??= derived.area;
    out.permission ??= `${String(out.area)}/${String(out.id)}`;
  }
  if (kind !== 'area') {
    for (const place of PLACES[kind]) {
      const value = out[place.section];
      if (place.list && Array.isArray(value))
        out[place.section] = value.map((node, i) =>
          resolve(node, [place.section, i], place.section, file, shared, result),
        );
      else if (!place.list)
        out[place.section] = resolve(value, [place.section], place.section, file, shared, result);
    }
  }
  result.data = out;
  return result;
}

function resolve(
  node: unknown,
  at: (string | number)[],
  section: SharedSection,
  file: string,
  shared: SharedDefinitions,
  result: Expansion,
): unknown {
  if (!node || typeof node !== 'object' || Array.isArray(node) || !('use' in node)) return node;
  const { use, ...local } = node as Json;
  const here = pointer(...at);
  const definition = typeof use === 'string' ? shared[section].get(use) : undefined;
  if (!definition) {
    const known = [...shared[section].keys()].sort().join(', ') || 'none';
    result.problems.push({
      file,
      pointer: `${here}/use`,
      message: `unknown shared ${section.replace(/s$/, '')} ${JSON.stringify(use)}; defined in screens/shared: ${known}`,
    });
    return node; // left as written: the schema check adds no noise once this problem stops the load
  }
  // The node itself (a missing property) is the reference; each inherited property is the definition's.
  result.origins.push({ at: here, file, pointer: here });
  for (const key of Object.keys(definition.node))
    if (!(key in local))
      result.origins.push({
        at: pointer(...at, key),
        file: definition.file,
        pointer: `${definition.pointer}/${key}`,
      });
  return { ...definition.node, ...local };
}
