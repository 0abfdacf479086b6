import type { LanguageProblem } from './jsonPointer.js';
import { parseConfigPath } from './configPath.js';
import { migrateConfig } from './migrateConfig.js';
import { expandConfig, type Expansion } from './expandConfig.js';
import {
  collectSharedDefinitions,
  emptySharedDefinitions,
  type SharedDefinitions,
} from './sharedDefinitions.js';

/**
 * The definitions of the shared files (migrated); `validate` is the schema check a shared file
 * must pass before its definitions are used (the server's ajv; none in stories).
 */
export function sharedDefinitionsOf(
  files: readonly { file: string; data: unknown }[],
  validate?: (data: unknown) => { pointer: string; message: string }[],
): { shared: SharedDefinitions; problems: LanguageProblem[] } {
  const shared = emptySharedDefinitions();
  const problems: LanguageProblem[] = [];
  for (const f of files) {
    const data = migrateConfig(f.data);
    const schemaProblems = validate?.(data) ?? [];
    for (const p of schemaProblems) problems.push({ file: f.file, ...p });
    if (schemaProblems.length === 0)
      collectSharedDefinitions(f.file, data as Record<string, unknown>, shared, problems);
  }
  return { shared, problems };
}

/**
 * One area, screen or dataset file as the engine sees it: migrated to the current language
 * version, shared definitions expanded, and what the path says filled in.
 */
export function resolveConfigFile(file: string, data: unknown, shared: SharedDefinitions): Expansion {
  const at = parseConfigPath(file);
  if (!at || at.kind === 'shared') return { data, origins: [], problems: [] };
  // A case rule uses no shared definitions: migrated only, its id from the path.
  if (at.kind === 'caseRule') {
    const migrated = migrateConfig(data);
    const isObject = migrated !== null && typeof migrated === 'object' && !Array.isArray(migrated);
    return { data: isObject ? { ...migrated, id: at.id } : migrated, origins: [], problems: [] };
  }
  return expandConfig(at.kind, file, at, migrateConfig(data), shared);
}
