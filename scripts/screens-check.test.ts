import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { copyStockScreens } from '../src/server/config/testing/screensFixture.js';

const run = (dir: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/screens-check.ts', dir], { encoding: 'utf8' });

describe('npm run screens:check', () => {
  it('exits 0 on valid config and 1 with file:line:column#pointer messages on a broken file', () => {
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
  });
});
