import { describe, expect, it } from 'vitest';
import { parseConfigPath } from './configPath.js';

describe('config file paths', () => {
  it('reads area, screen, dataset and shared files', () => {
    expect(parseConfigPath('stock/area.json')).toEqual({ kind: 'area', area: 'stock', id: 'stock' });
    expect(parseConfigPath('stock/kpi.screen.json')).toEqual({ kind: 'screen', area: 'stock', id: 'kpi' });
    expect(parseConfigPath('datasets/sales.dataset.json')).toEqual({
      kind: 'dataset',
      area: null,
      id: 'sales',
    });
    expect(parseConfigPath('shared/filters.json')).toEqual({ kind: 'shared', area: null, id: 'filters' });
  });

  it('reads case rule files of the cases folder, and nothing else there', () => {
    expect(parseConfigPath('cases/buy_box_lost.case.json')).toEqual({
      kind: 'caseRule',
      area: null,
      id: 'buy_box_lost',
    });
    expect(parseConfigPath('cases/a.case.json-b.case.json')?.id).toBe('a.case.json-b');
    expect(parseConfigPath('cases/area.json')).toBeNull();
    expect(parseConfigPath('cases/a.screen.json')).toBeNull();
    expect(parseConfigPath('cases/a.case.json.bak')).toBeNull();
    expect(parseConfigPath('stock/a.case.json')).toBeNull();
  });

  it('strips only the trailing suffix from the id', () => {
    expect(parseConfigPath('shared/a.json-b.json')?.id).toBe('a.json-b');
    expect(parseConfigPath('datasets/a.dataset.json-b.dataset.json')?.id).toBe('a.dataset.json-b');
    expect(parseConfigPath('stock/a.screen.json-b.screen.json')?.id).toBe('a.screen.json-b');
  });

  it('refuses other names and depths', () => {
    expect(parseConfigPath('stock')).toBeNull();
    expect(parseConfigPath('/area.json')).toBeNull();
    expect(parseConfigPath('stock/')).toBeNull();
    expect(parseConfigPath('stock/kpi/area.json')).toBeNull();
    expect(parseConfigPath('shared/x/y.json')).toBeNull();
    expect(parseConfigPath('stock/kpi.json')).toBeNull();
    expect(parseConfigPath('datasets/sales.json')).toBeNull();
    expect(parseConfigPath('datasets/area.json')).toBeNull();
    expect(parseConfigPath('stock/kpi.screen.json.bak')).toBeNull();
    expect(parseConfigPath('datasets/sales.dataset.json.bak')).toBeNull();
    expect(parseConfigPath('datasets/a.screen.json')).toBeNull();
    expect(parseConfigPath('stock/area.json/x')).toBeNull();
  });
});
