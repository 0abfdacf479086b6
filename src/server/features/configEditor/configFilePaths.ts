import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { BadRequestError } from '../../../shared/errors.js';
import type { ConfigFileEntry } from '../../../shared/configEditor.js';

const NAME = '[A-Za-z][A-Za-z0-9_-]{0,62}';
/**
 * The layout readConfigFiles reads: <area>/area.json, <area>/<id>.screen.json,
 * datasets/<id>.dataset.json and the shared definitions, shared/<name>.json.
 */
const CONFIG_PATH = new RegExp(
  `^(?:datasets/(${NAME})\\.dataset\\.json|shared/(${NAME})\\.json|(?!datasets/|shared/)(${NAME})/(?:area|(${NAME})\\.screen)\\.json)$`,
);

const PATH_MESSAGE =
  'path must be <area>/area.json, <area>/<screen>.screen.json, datasets/<id>.dataset.json or shared/<name>.json inside the screens folder';

/** What a relative path names, or null when it is not a config file of the layout. */
export function configFileOf(relativePath: string): ConfigFileEntry | null {
  const m = CONFIG_PATH.exec(relativePath);
  if (!m) return null;
  if (m[1]) return { path: relativePath, kind: 'dataset', area: null, id: m[1] };
  if (m[2]) return { path: relativePath, kind: 'shared', area: null, id: m[2] };
  if (m[4]) return { path: relativePath, kind: 'screen', area: m[3]!, id: m[4] };
  return { path: relativePath, kind: 'area', area: m[3]!, id: m[3]! };
}

/**
 * The absolute path of a config file, confined to the screens folder: the name must match the
 * layout (no '..', no other extension) and its folder, symlinks resolved, must lie inside it.
 */
export function confinedConfigPath(
  dir: string,
  relativePath: string,
): { entry: ConfigFileEntry; full: string } {
  const entry = configFileOf(relativePath);
  if (!entry) throw new BadRequestError(PATH_MESSAGE);
  const root = realpathSync(dir);
  const full = path.join(root, relativePath);
  const folder = path.dirname(full);
  if (existsSync(folder) && !isInside(root, realpathSync(folder))) throw new BadRequestError(PATH_MESSAGE);
  if (existsSync(full) && (!statSync(full).isFile() || !isInside(root, realpathSync(full)))) {
    throw new BadRequestError(PATH_MESSAGE);
  }
  return { entry, full };
}

function isInside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Every config file of the layout, areas first within each folder, datasets last; `extra` adds
 * files that exist only in the store (made in the editor).
 */
export function listConfigFiles(dir: string, extra: readonly string[] = []): ConfigFileEntry[] {
  const paths = new Set<string>();
  for (const folder of readdirSync(dir).sort()) {
    if (!statSync(path.join(dir, folder)).isDirectory()) continue;
    for (const name of readdirSync(path.join(dir, folder)).sort()) paths.add(`${folder}/${name}`);
  }
  for (const p of extra) paths.add(p);
  const entries: ConfigFileEntry[] = [];
  for (const p of paths) {
    const entry = configFileOf(p);
    if (entry) entries.push(entry);
  }
  // Datasets and shared definitions after the areas; within an area its area.json first, then its screens.
  const order: Record<ConfigFileEntry['kind'], number> = { area: 0, screen: 1, dataset: 2, shared: 3 };
  const rank = (e: ConfigFileEntry) => order[e.kind];
  const group = (e: ConfigFileEntry) => (e.area === null ? 1 : 0);
  return entries.sort(
    (a, b) =>
      group(a) - group(b) ||
      (a.area ?? '').localeCompare(b.area ?? '') ||
      rank(a) - rank(b) ||
      a.id.localeCompare(b.id),
  );
}
