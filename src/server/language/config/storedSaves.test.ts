import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfigRegistry } from './loadConfigRegistry.js';
import { copyFixtureScreens } from './testing/screensFixture.js';
import type { ConfigRegistry } from './configRegistry.js';
import type { StoredConfig } from './stored/storedConfig.js';

let fixture: ReturnType<typeof copyFixtureScreens>;
let registry: ConfigRegistry | undefined;
afterEach(async () => {
  await registry?.close();
  fixture?.remove();
});

/** The stored saves as the registry reads them (the store's side is tests/api/configEditor.test.ts). */
function storedSaves(texts: Record<string, string>): StoredConfig {
  return { generation: 1, overrides: () => new Map(Object.entries(texts)) } as unknown as StoredConfig;
}

const kpiWith = (dir: string, change: Record<string, unknown>) =>
  JSON.stringify({
    ...(JSON.parse(readFileSync(path.join(dir, 'stock/kpi.screen.json'), 'utf8')) as object),
    ...change,
  });

describe('stored saves over the files', () => {
  it('serve over the files in git', async () => {
    fixture = copyFixtureScreens();
    const stored = storedSaves({ 'stock/kpi.screen.json': kpiWith(fixture.dir, { title: 'Stored' }) });
    registry = await loadConfigRegistry(fixture.dir, { stored });
    expect(registry.current().screens.get('stock/kpi')?.title).toBe('Stored');
    expect(registry.lastProblems()).toEqual([]);
  });

  it('leave out a save that no longer validates, serve the others and report why', async () => {
    fixture = copyFixtureScreens();
    const data = JSON.parse(readFileSync(path.join(fixture.dir, 'stock/data.screen.json'), 'utf8')) as object;
    const stored = storedSaves({
      'stock/kpi.screen.json': kpiWith(fixture.dir, { pageSize: 'ten' }),
      'stock/data.screen.json': JSON.stringify({ ...data, title: 'Stored data' }),
    });
    const logged: string[] = [];
    registry = await loadConfigRegistry(fixture.dir, { stored, log: (m) => logged.push(m) });
    const snapshot = registry.current();
    expect(snapshot.screens.get('stock/kpi')?.title).toBe('KPI');
    expect(snapshot.screens.get('stock/data')?.title).toBe('Stored data');
    expect(registry.lastProblems()).toContainEqual(
      expect.objectContaining({ file: 'stock/kpi.screen.json', pointer: '/pageSize' }),
    );
    expect(logged.join('\n')).toMatch(/^Stored config saves not served \(stock\/kpi\.screen\.json\)/);
  });
});
