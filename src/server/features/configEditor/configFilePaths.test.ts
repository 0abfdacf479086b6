import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configFileOf, confinedConfigPath, listConfigFiles } from './configFilePaths.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-paths-'));
const dir = path.join(root, 'screens');
mkdirSync(path.join(dir, 'stock'), { recursive: true });
mkdirSync(path.join(dir, 'datasets'));
mkdirSync(path.join(root, 'outside'));
for (const f of [
  'stock/area.json',
  'stock/kpi.screen.json',
  'stock/notes.txt',
  'datasets/stock.dataset.json',
]) {
  writeFileSync(path.join(dir, f), '{}');
}
symlinkSync(path.join(root, 'outside'), path.join(dir, 'escape'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('config file paths', () => {
  it('names the layout files', () => {
    expect(configFileOf('stock/kpi.screen.json')).toEqual({
      path: 'stock/kpi.screen.json',
      kind: 'screen',
      area: 'stock',
      id: 'kpi',
    });
    expect(configFileOf('stock/area.json')).toMatchObject({ kind: 'area', id: 'stock' });
    expect(configFileOf('datasets/stock.dataset.json')).toMatchObject({
      kind: 'dataset',
      area: null,
      id: 'stock',
    });
    expect(configFileOf('shared/filters.json')).toMatchObject({ kind: 'shared', area: null, id: 'filters' });
  });

  it.each([
    '../stock/kpi.screen.json',
    'stock/../../x.screen.json',
    '/etc/area.json',
    'stock/kpi.screen.js',
    'stock/notes.json',
    'datasets/area.json',
    'datasets/x.screen.json',
    'stock/sub/kpi.screen.json',
    'stock\\kpi.screen.json',
    'shared/x.screen.json',
    'shared/area.json/x.json',
  ])('refuses %s', (p) => {
    expect(configFileOf(p)).toBeNull();
    expect(() => confinedConfigPath(dir, p)).toThrow(/path must be/);
  });

  it('refuses a folder that is a symlink out of the screens folder', () => {
    expect(() => confinedConfigPath(dir, 'escape/area.json')).toThrow(/path must be/);
  });

  it('confines a new file of a new area to the screens folder', () => {
    expect(confinedConfigPath(dir, 'fresh/area.json').full).toBe(path.join(dir, 'fresh', 'area.json'));
  });

  it('lists only config files, areas first, datasets last', () => {
    expect(listConfigFiles(dir).map((e) => e.path)).toEqual([
      'stock/area.json',
      'stock/kpi.screen.json',
      'datasets/stock.dataset.json',
    ]);
  });
});
