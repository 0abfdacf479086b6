import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ConfigProblem } from './configRegistry.js';
import { parseConfigText } from './configLocations.js';
import { ConfigLocator } from './configLocator.js';
import { parseConfigPath, type ConfigPath } from '../../../shared/configLanguage/configPath.js';
import { resolveConfigFile, sharedDefinitionsOf } from '../../../shared/configLanguage/resolveConfigFile.js';
import type { SchemaProblem } from './configSchemaValidator.js';

/** One config file as read from disk: parsed, migrated and expanded, not yet validated. */
export interface RawConfigFile {
  kind: Exclude<ConfigPath['kind'], 'shared'>;
  /** Path relative to the screens folder, with forward slashes. */
  file: string;
  /** Folder (area) or file-name id the layout implies. */
  area: string | null;
  id: string;
  data: unknown;
}

export interface ReadConfigOptions {
  /** Texts to use instead of the files on disk (an editor's draft), by relative path. */
  drafts?: ReadonlyMap<string, string>;
  /** Schema check of the shared files, which must pass before their definitions are used. */
  validateShared?: (data: unknown) => SchemaProblem[];
}

/**
 * Reads the layout screens/<area>/area.json, screens/<area>/<screen>.screen.json,
 * screens/datasets/<id>.dataset.json and screens/shared/<name>.json; migrates each file to the
 * current language version and expands shared definitions (the pipeline: parse -> migrate ->
 * expand -> validate). Unparseable JSON, stray .json files and unknown references are problems;
 * the locator maps later problems back to where their nodes were written.
 */
export function readConfigFiles(
  dir: string,
  options: ReadConfigOptions = {},
): {
  files: RawConfigFile[];
  present: Set<string>;
  problems: ConfigProblem[];
  locator: ConfigLocator;
} {
  const present = new Set<string>(); // every file found, parseable or not
  const problems: ConfigProblem[] = [];
  const locator = new ConfigLocator();
  const parsed: { file: string; at: ConfigPath; data: unknown }[] = [];
  for (const file of listJsonFiles(dir, options.drafts)) {
    present.add(file);
    const at = parseConfigPath(file);
    if (!at) {
      const expected = file.startsWith('datasets/')
        ? '<id>.dataset.json'
        : file.startsWith('cases/')
          ? '<id>.case.json'
          : 'area.json or <screen>.screen.json';
      problems.push({ file, pointer: '', message: `unexpected file name; expected ${expected}` });
      continue;
    }
    const result = parseConfigText(options.drafts?.get(file) ?? readFileSync(path.join(dir, file), 'utf8'));
    if ('error' in result) {
      const { line, column } = result;
      problems.push({ file, pointer: '', message: `invalid JSON: ${result.error}`, line, column });
      continue;
    }
    locator.addText(file, result);
    parsed.push({ file, at, data: result.data });
  }

  const { shared, problems: sharedProblems } = sharedDefinitionsOf(
    parsed.filter((p) => p.at.kind === 'shared'),
    options.validateShared,
  );
  problems.push(...sharedProblems);
  const files: RawConfigFile[] = [];
  for (const { file, at, data } of parsed) {
    if (at.kind === 'shared') continue;
    const expanded = resolveConfigFile(file, data, shared);
    locator.addOrigins(file, expanded.origins);
    problems.push(...expanded.problems);
    // A file with an unknown reference is not validated further: its schema errors would be noise.
    if (expanded.problems.length === 0) files.push({ ...at, kind: at.kind, file, data: expanded.data });
  }
  return { files, present, problems, locator };
}

/** `folder/name.json` of every config file, sorted; a draft may add a file not yet on disk. */
function listJsonFiles(dir: string, drafts?: ReadonlyMap<string, string>): string[] {
  const files = new Set<string>(drafts?.keys() ?? []);
  for (const folder of readdirSync(dir)) {
    if (!statSync(path.join(dir, folder)).isDirectory()) continue;
    for (const name of readdirSync(path.join(dir, folder)))
      if (name.endsWith('.json')) files.add(`${folder}/${name}`);
  }
  return [...files].sort();
}

/** Paths, sizes and mtimes of every .json file: a cheap fingerprint to notice edits. */
export function configSignature(dir: string): string {
  return listJsonFiles(dir)
    .map((file) => {
      const s = statSync(path.join(dir, file));
      return `${file}:${s.size}:${s.mtimeMs}`;
    })
    .join('|');
}
