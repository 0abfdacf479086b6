import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The README is the front door: short, with the two commands and links that resolve. */
describe('README.md', () => {
  const readme = readFileSync('README.md', 'utf8');

  it('stays under 8 KB', () => {
    expect(Buffer.byteLength(readme)).toBeLessThan(8 * 1024);
  });

  it('gives the two commands', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toMatch(/^npm test$/m);
  });

  it('names only docs that exist', () => {
    const named = [...readme.matchAll(/`?(docs\/[\w.-]+\.md)`?/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((file) => !existsSync(file))).toEqual([]);
  });
});
