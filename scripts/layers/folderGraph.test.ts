import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderGraph, folderLoops, KNOWN_UPWARD } from './folderGraph.js';

const serverDir = path.resolve(import.meta.dirname, '../../src/server');
const clientDir = path.resolve(import.meta.dirname, '../../src/client');

/** Each loop with the imports that tie it: folder -> folder (file -> import). */
function loopsOf(graph: ReturnType<typeof folderGraph>): string[][] {
  return folderLoops(graph.edges).map((loop) =>
    loop.flatMap((from) =>
      [...(graph.edges.get(from) ?? [])]
        .filter(([to]) => loop.includes(to))
        .map(([to, where]) => `${from} -> ${to} (${where})`),
    ),
  );
}

/** Known upward imports today (docs/architecture.md): the number may only go down. */
const KNOWN_UPWARD_AT_MOST = 0;

describe('src/server folders', () => {
  const graph = folderGraph(serverDir);

  it('import each other in no loop', () => {
    expect(loopsOf(graph)).toEqual([]);
  });

  it(`hold at most ${KNOWN_UPWARD_AT_MOST} known upward imports`, () => {
    expect(graph.knownUpward.length).toBeLessThanOrEqual(KNOWN_UPWARD_AT_MOST);
  });
});

describe('src/client folders', () => {
  it('import each other in no loop (the engine and its folders, the shell, the pages)', () => {
    expect(loopsOf(folderGraph(clientDir, ['engine']))).toEqual([]);
  });
});

describe('folderGraph', () => {
  function tree(files: Record<string, string>): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'folders-'));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    return dir;
  }

  it('finds a loop between two features and leaves out marked imports', () => {
    const dir = tree({
      'features/a/a.ts': "import { b } from '../b/b.js';\nexport const a = b;\n",
      'features/b/b.ts': "import { a } from '../a/a.js';\nexport const b = a;\n",
      'features/c/c.ts': `// ${KNOWN_UPWARD} -- listed\nimport { d } from '../../demo/d.js';\nexport const c = d;\n`,
      'demo/d.ts': "import { c } from '../features/c/c.js';\nexport const d = c;\n",
      'features/a/a.test.ts': "import { c } from '../c/c.js';\n",
    });
    const graph = folderGraph(dir);
    expect(folderLoops(graph.edges)).toEqual([['features/a', 'features/b']]);
    expect(graph.knownUpward).toEqual([path.join('features/c/c.ts') + ' -> ../../demo/d.js']);
  });
});
