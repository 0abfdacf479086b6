import { readFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  copyFixtureScreens,
  copyStockScreens,
} from '../src/server/language/config/testing/screensFixture.js';

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/screens-check.ts', ...args], { encoding: 'utf8' });

// Each test starts the real script two or three times (tsx compiles it each time): seconds apiece
// on a busy machine, so these get a minute and a half rather than the unit default.
const SPAWNS_TIMEOUT_MS = 90_000;

describe('npm run screens:check', () => {
  it(
    'exits 0 on valid config and 1 with file:line:column#pointer messages on a broken file',
    () => {
      const fixture = copyStockScreens();
      try {
        const ok = run(fixture.dir);
        expect(ok.status).toBe(0);
        expect(ok.stdout).toContain('all valid');
        fixture.edit('stock/kpi.screen.json', (s: { widgets: { query?: string }[] }) => {
          s.widgets[0]!.query = 'missing';
        });
        const bad = run(fixture.dir);
        expect(bad.status).toBe(1);
        expect(bad.stderr).toMatch(
          /stock\/kpi\.screen\.json:\d+:\d+#\/widgets\/0\/query: unknown query "missing"/,
        );
      } finally {
        fixture.remove();
      }
    },
    SPAWNS_TIMEOUT_MS,
  );

  it(
    'prints a warning, and still passes, for a screen its area does not list in tabs',
    () => {
      const fixture = copyFixtureScreens();
      try {
        fixture.edit('stock/area.json', (a: { tabs: string[] }) => {
          a.tabs = ['kpi'];
        });
        const result = run(fixture.dir, '--fix'); // the edit above wrote JSON.stringify's layout
        expect(result.status).toBe(0);
        expect(result.stderr).toBe(
          'warning: stock/area.json:9:3#/tabs: screen "data" (stock/data.screen.json) is not in "tabs", so it opens by URL only; add "data" to "tabs" to show it\n',
        );
        expect(result.stdout).toContain('all valid (1 warning(s) above)');
      } finally {
        fixture.remove();
      }
    },
    SPAWNS_TIMEOUT_MS,
  );

  it(
    'fails on a file Prettier would reformat, and --fix formats it so that the check passes',
    () => {
      const fixture = copyFixtureScreens();
      try {
        const file = path.join(fixture.dir, 'stock/area.json');
        const compact = JSON.stringify(JSON.parse(readFileSync(file, 'utf8')));
        fixture.write('stock/area.json', compact);
        const bad = run(fixture.dir);
        expect(bad.status).toBe(1);
        expect(bad.stderr).toContain(
          'stock/area.json#: not formatted (npm test would fail on it); run `npm run screens:check -- --fix` to format it',
        );
        const fixed = run(fixture.dir, '--fix');
        expect(fixed.status).toBe(0);
        expect(fixed.stdout).toContain('formatted stock/area.json');
        expect(readFileSync(file, 'utf8')).toBe(
          readFileSync('src/server/language/config/testing/fixtureScreens/stock/area.json', 'utf8'),
        );
        expect(run(fixture.dir).status).toBe(0);
      } finally {
        fixture.remove();
      }
    },
    SPAWNS_TIMEOUT_MS,
  );
});
