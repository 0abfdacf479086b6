import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loginBundle } from './loginBundle.js';

function fixture(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bundle-'));
  mkdirSync(path.join(dir, 'assets'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('loginBundle', () => {
  it("follows static imports and the entry's staged import()s, and leaves lazy chunks out", () => {
    const dir = fixture({
      'index.html': '<script type="module" crossorigin src="/assets/index-a.js"></script>',
      'assets/index-a.js': 'await import(`./react-b.js`);await import(`./app-d.js`);',
      'assets/react-b.js': 'export const x=1;',
      'assets/app-d.js': 'import{x}from"./shared-e.js";const C=()=>import("./chart-c.js");',
      'assets/shared-e.js': 'export const x=1;',
      'assets/chart-c.js': 'const s="https://vega.github.io/schema/vega-lite/v6.json";',
    });
    const figure = loginBundle(dir);
    expect(figure.files.sort()).toEqual([
      'assets/app-d.js',
      'assets/index-a.js',
      'assets/react-b.js',
      'assets/shared-e.js',
    ]);
    expect(figure.containsVega).toBe(false);
    expect(figure.containsCodeMirror).toBe(false);
    expect(figure.gzipBytes).toBeGreaterThan(0);
  });

  it.each([
    ['Vega', 'containsVega', 'const s="https://vega.github.io/schema/vega/v6.json";'],
    ['CodeMirror', 'containsCodeMirror', 'const t={".cm-scroller":{overflow:"auto"}};'],
  ] as const)('reports %s when the entry imports it statically', (_name, flag, code) => {
    const dir = fixture({
      'index.html': '<script type="module" src="/assets/index-a.js"></script>',
      'assets/index-a.js': 'import "./lazy-c.js";',
      'assets/lazy-c.js': code,
    });
    expect(loginBundle(dir)[flag]).toBe(true);
  });
});
