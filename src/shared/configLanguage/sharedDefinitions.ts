import { pointer, type LanguageProblem } from './jsonPointer.js';

/** Where a shared definition may be used: the list (or single node) it stands in. */
const SHARED_SECTIONS = ['filters', 'dates', 'dimensions', 'measures', 'mutations'] as const;
export type SharedSection = (typeof SHARED_SECTIONS)[number];

/** A named node of a shared file, and where it was written (for error locations). */
interface SharedDefinition {
  node: Record<string, unknown>;
  file: string;
  pointer: string;
}

export type SharedDefinitions = Record<SharedSection, Map<string, SharedDefinition>>;

export function emptySharedDefinitions(): SharedDefinitions {
  return {
    filters: new Map(),
    dates: new Map(),
    dimensions: new Map(),
    measures: new Map(),
    mutations: new Map(),
  };
}

/**
 * Adds the definitions of one (schema-valid) shared file: `{ filters: { name: node } ... }`. A
 * name defined twice (in two shared files) is a problem at the second.
 */
export function collectSharedDefinitions(
  file: string,
  data: Record<string, unknown>,
  into: SharedDefinitions,
  problems: LanguageProblem[],
): void {
  for (const section of SHARED_SECTIONS) {
    const named = (data[section] ?? {}) as Record<string, Record<string, unknown>>;
    for (const [name, node] of Object.entries(named)) {
      const at = pointer(section, name);
      const earlier = into[section].get(name);
      if (earlier) {
        problems.push({
          file,
          pointer: at,
          message: `shared ${section} "${name}" is also defined in ${earlier.file}`,
        });
        continue;
      }
      into[section].set(name, { node, file, pointer: at });
    }
  }
}
