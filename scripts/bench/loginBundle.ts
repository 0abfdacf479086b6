import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleFigure {
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  containsVega: boolean;
  /** CodeMirror (the screen editor's) in the login route: it must load lazily. */
  containsCodeMirror: boolean;
}

// Vega and Vega-Lite both embed their schema URL; its presence in a chunk means the chunk holds them.
const VEGA_SIGNATURE = 'vega.github.io/schema';
// @codemirror/view's base theme names its scroller class; no other code of ours does.
const CODEMIRROR_SIGNATURE = 'cm-scroller';

/**
 * The JavaScript a browser loads for the login route: the entry script of index.html and every
 * chunk it imports statically (dynamic `import()` chunks are loaded later, on demand), except that
 * the entry's own `import()`s count: it loads the app in stages (src/client/main.tsx), always.
 */
export function loginBundle(clientDir: string): BundleFigure {
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/?([^"]+)"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(clientDir, file), 'utf8');
    // Static imports: `import ... from "./x.js"` and `import "./x.js"`, not `import("./x.js")`.
    const imports = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([^"']+\.js)["']/g)];
    // The entry's staged `import("./x.js")` / import(`./x.js`).
    if (entries.includes(file))
      imports.push(...code.matchAll(/\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g));
    for (const m of imports) queue.push(path.posix.join(path.posix.dirname(file), m[1]!));
  }
  let rawBytes = 0;
  let gzipBytes = 0;
  let containsVega = false;
  let containsCodeMirror = false;
  for (const file of seen) {
    const buffer = readFileSync(path.join(clientDir, file));
    rawBytes += buffer.length;
    gzipBytes += gzipSync(buffer, { level: 9 }).length;
    if (buffer.includes(VEGA_SIGNATURE)) containsVega = true;
    if (buffer.includes(CODEMIRROR_SIGNATURE)) containsCodeMirror = true;
  }
  return { files: [...seen], rawBytes, gzipBytes, containsVega, containsCodeMirror };
}
