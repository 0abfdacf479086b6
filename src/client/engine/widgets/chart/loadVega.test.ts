import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// loadVega.ts imports vega's parts one stage at a time, so each must be the very copy `vega`
// itself imports: a second copy would be evaluated (and downloaded) again and the staging lost.
const root = path.resolve(__dirname, '../../../../..');
const vegaDir = path.join(root, 'node_modules/vega');
const readJson = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')) as { dependencies: Record<string, string> };

const staged = [
  ...readFileSync(path.join(__dirname, 'loadVega.ts'), 'utf8').matchAll(/import\('(vega-[a-z-]+)'\)/g),
].map((m) => m[1]!);

describe('loadVega stages', () => {
  it('name only packages vega (or one of its parts) depends on, declared with the same range', () => {
    const ours = readJson(path.join(root, 'package.json')).dependencies;
    const vegas = readJson(path.join(vegaDir, 'package.json')).dependencies;
    const parts = Object.keys(vegas).map((part) => ({
      part,
      dependencies: readJson(path.join(root, 'node_modules', part, 'package.json')).dependencies ?? {},
    }));
    expect(staged.length).toBeGreaterThan(10);
    for (const name of staged) {
      const range = vegas[name] ?? parts.find((p) => p.dependencies[name])?.dependencies[name];
      expect({ name, range: ours[name] }).toEqual({ name, range: expect.any(String) as string });
      expect({ name, range: ours[name] }).toEqual({ name, range });
    }
  });

  it('resolve to the copy vega itself imports (no copy of its own under vega)', () => {
    for (const name of staged) {
      expect({ name, nested: existsSync(path.join(vegaDir, 'node_modules', name)) }).toEqual({
        name,
        nested: false,
      });
      expect({ name, hoisted: existsSync(path.join(root, 'node_modules', name, 'package.json')) }).toEqual({
        name,
        hoisted: true,
      });
    }
  });
});
