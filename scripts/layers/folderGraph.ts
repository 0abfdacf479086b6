// Folder-level import graph of src/server or src/client: which folder imports which, and the loops
// among them. Lint (eslint.config.js) keeps each server import pointing down a layer; this check sees
// what lint cannot: a loop between folders of one layer (features/a -> features/b -> features/a).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const LAYERS = ['platform', 'language', 'access', 'features', 'demo'] as const;
/** The marker lint asks for on an import that points up on purpose (docs/architecture.md lists them). */
export const KNOWN_UPWARD = 'eslint-disable-next-line import-x/no-restricted-paths';

export interface FolderGraph {
  /** folder -> folders it imports, each with one example import. */
  edges: Map<string, Map<string, string>>;
  /** Imports marked as known upward imports, left out of `edges`. */
  knownUpward: string[];
}

const IMPORT = /(?:^|\n)(\/\/[^\n]*\n)?\s*(?:import|export)\b[^'";]*?from\s*'(\.{1,2}\/[^']+)'/g;

/**
 * The folder a file counts in: under a folder of `nested` (a server layer, the client's engine) its
 * sub-folder (features/crawl, engine/widgets), else its first folder.
 */
export function folderOf(dir: string, file: string, nested: readonly string[] = LAYERS): string {
  const [first = '', second = '', ...rest] = path.relative(dir, file).split(path.sep);
  if (!second) return '(root)';
  if (nested.includes(first) && rest.length > 0) return `${first}/${second}`;
  return first;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    // Test helpers and story fixtures may reach across folders.
    if (statSync(full).isDirectory()) return ['testing', 'fixtures'].includes(name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.(test|stories)\.tsx?$/.test(name) ? [full] : [];
  });
}

export function folderGraph(dir: string, nested: readonly string[] = LAYERS): FolderGraph {
  const edges = new Map<string, Map<string, string>>();
  const knownUpward: string[] = [];
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    const from = folderOf(dir, file, nested);
    for (const match of text.matchAll(IMPORT)) {
      const [, marker, spec = ''] = match;
      const target = path.resolve(path.dirname(file), spec);
      if (!target.startsWith(dir + path.sep)) continue;
      const to = folderOf(dir, target, nested);
      if (to === from) continue;
      const where = `${path.relative(dir, file)} -> ${spec}`;
      if (marker?.includes(KNOWN_UPWARD)) {
        knownUpward.push(where);
        continue;
      }
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, where);
    }
  }
  return { edges, knownUpward };
}

/** Loops among folders (Tarjan's strongly connected components of two or more folders). */
export function folderLoops(edges: FolderGraph['edges']): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const loops: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const loop: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        loop.push(w);
      } while (w !== v);
      if (loop.length > 1) loops.push(loop.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return loops;
}
