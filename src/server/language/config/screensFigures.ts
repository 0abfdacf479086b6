import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Size and repetition of a screens folder, as written (before expansion): the reuse targets (schemas/README.md). */
export interface ScreensFigures {
  files: number;
  lines: number;
  /** Filter, dimension and measure nodes written in the files (not counting `use` references). */
  nodes: number;
  /** Of those, nodes whose exact text (keys sorted) is written in more than one file. */
  repeatedNodes: number;
  /** Distinct blocks the repeated nodes are copies of. */
  repeatedBlocks: number;
}

/** Arrays whose items are the reusable nodes: a screen's filters, a dataset's dimensions and measures. */
const NODE_LISTS = ['filters', 'dimensions', 'measures'];

export function measureScreens(dir: string): ScreensFigures {
  const texts = jsonFiles(dir).map((f) => ({ file: f, text: readFileSync(path.join(dir, f), 'utf8') }));
  const filesOf = new Map<string, Set<string>>();
  const occurrences: string[] = [];
  for (const { file, text } of texts) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      continue; // screens:check reports it; the figures skip it
    }
    for (const node of listNodes(data)) {
      const key = canonical(node);
      occurrences.push(key);
      filesOf.set(key, (filesOf.get(key) ?? new Set()).add(file));
    }
  }
  const repeated = occurrences.filter((k) => filesOf.get(k)!.size > 1);
  return {
    files: texts.length,
    lines: texts.reduce((n, t) => n + t.text.split('\n').length - (t.text.endsWith('\n') ? 1 : 0), 0),
    nodes: occurrences.length,
    repeatedNodes: repeated.length,
    repeatedBlocks: new Set(repeated).size,
  };
}

function listNodes(data: unknown): unknown[] {
  if (!data || typeof data !== 'object') return [];
  const record = data as Record<string, unknown>;
  const out: unknown[] = [];
  for (const name of NODE_LISTS) {
    const list = record[name];
    // A `{ "use": name }` reference is the reuse itself, not a copy of a block.
    if (Array.isArray(list))
      out.push(...(list as unknown[]).filter((n) => n && typeof n === 'object' && !('use' in n)));
    else if (list && typeof list === 'object') out.push(...Object.values(list as Record<string, unknown>)); // shared definitions by name
  }
  return out;
}

/** JSON with object keys sorted, so key order does not hide a copy. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

function jsonFiles(dir: string): string[] {
  const out: string[] = [];
  for (const folder of readdirSync(dir).sort()) {
    if (!statSync(path.join(dir, folder)).isDirectory()) continue;
    for (const name of readdirSync(path.join(dir, folder)).sort())
      if (name.endsWith('.json')) out.push(`${folder}/${name}`);
  }
  return out;
}

/** Measured on main before config language v2: the baseline of the targets. */
const BASELINE = { lines: 15487, repeatedNodes: 325 };

/** The figures and the targets: repeated nodes <= 10% of the baseline, lines down by >= 30%. */
export function formatFigures(f: ScreensFigures): string {
  const lineCut = Math.round((1 - f.lines / BASELINE.lines) * 100);
  const repeatedShare = Math.round((f.repeatedNodes / BASELINE.repeatedNodes) * 100);
  return [
    `${f.files} files, ${f.lines} lines (${lineCut}% fewer than ${BASELINE.lines}; target >= 30%)`,
    `${f.repeatedNodes} of ${f.nodes} filter/dimension/measure nodes are copies written in more than one file, of ${f.repeatedBlocks} distinct blocks (${repeatedShare}% of ${BASELINE.repeatedNodes}; target <= 10%)`,
  ].join('\n');
}
