import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ConfigProblem } from './configRegistry.js';
import type { ConfigFileKind } from './configSchemas.js';

/** One config file as read from disk (JSON parsed, not yet validated). */
export interface RawConfigFile {
  kind: ConfigFileKind;
  /** Path relative to the screens folder, with forward slashes. */
  file: string;
  /** Folder (area) or file-name id the layout implies. */
  area: string | null;
  id: string;
  data: unknown;
}

const DATASETS_DIR = 'datasets';

/**
 * Reads the layout screens/<area>/area.json, screens/<area>/<screen>.screen.json,
 * screens/datasets/<id>.dataset.json. Unparseable JSON and stray .json files are problems.
 */
export function readConfigFiles(dir: string): {
  files: RawConfigFile[];
  present: Set<string>;
  problems: ConfigProblem[];
} {
  const files: RawConfigFile[] = [];
  const present = new Set<string>(); // every file found, parseable or not
  const problems: ConfigProblem[] = [];
  for (const folder of readdirSync(dir).sort()) {
    if (!statSync(path.join(dir, folder)).isDirectory()) continue;
    for (const name of readdirSync(path.join(dir, folder)).sort()) {
      if (!name.endsWith('.json')) continue;
      const file = `${folder}/${name}`;
      present.add(file);
      const kind = fileKind(folder, name);
      if (!kind) {
        const expected = folder === DATASETS_DIR ? '<id>.dataset.json' : 'area.json or <screen>.screen.json';
        problems.push({ file, pointer: '', message: `unexpected file name; expected ${expected}` });
        continue;
      }
      const parsed = parseJson(path.join(dir, file));
      if ('error' in parsed) {
        problems.push({ file, pointer: '', message: `invalid JSON: ${parsed.error}` });
        continue;
      }
      const id = kind === 'area' ? folder : name.replace(/\.(screen|dataset)\.json$/, '');
      files.push({ kind, file, area: kind === 'dataset' ? null : folder, id, data: parsed.data });
    }
  }
  return { files, present, problems };
}

function fileKind(folder: string, name: string): ConfigFileKind | null {
  if (folder === DATASETS_DIR) return name.endsWith('.dataset.json') ? 'dataset' : null;
  if (name === 'area.json') return 'area';
  return name.endsWith('.screen.json') ? 'screen' : null;
}

function parseJson(fullPath: string): { data: unknown } | { error: string } {
  try {
    return { data: JSON.parse(readFileSync(fullPath, 'utf8')) as unknown };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** Paths, sizes and mtimes of every .json file: a cheap fingerprint to notice edits. */
export function configSignature(dir: string): string {
  const parts: string[] = [];
  for (const folder of readdirSync(dir).sort()) {
    const full = path.join(dir, folder);
    if (!statSync(full).isDirectory()) continue;
    for (const name of readdirSync(full).sort()) {
      if (!name.endsWith('.json')) continue;
      const s = statSync(path.join(full, name));
      parts.push(`${folder}/${name}:${s.size}:${s.mtimeMs}`);
    }
  }
  return parts.join('|');
}
