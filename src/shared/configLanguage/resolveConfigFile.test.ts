import { describe, expect, it } from 'vitest';
import { resolveConfigFile, sharedDefinitionsOf } from './resolveConfigFile.js';
import { emptySharedDefinitions } from './sharedDefinitions.js';

describe('resolving config files', () => {
  it('collects shared definitions; the schema check sees each file migrated', () => {
    const seen: unknown[] = [];
    const { shared, problems } = sharedDefinitionsOf(
      [
        { file: 'shared/a.json', data: { schemaVersion: 1, filters: { brand: { kind: 'multiSelect' } } } },
        { file: 'shared/b.json', data: { filters: { brand: {} } } },
      ],
      (data) => {
        seen.push(data);
        return [];
      },
    );
    expect(seen[0]).toEqual({ schemaVersion: 2, filters: { brand: { kind: 'multiSelect' } } });
    expect(shared.filters.get('brand')).toEqual({
      node: { kind: 'multiSelect' },
      file: 'shared/a.json',
      pointer: '/filters/brand',
    });
    expect(problems).toEqual([
      {
        file: 'shared/b.json',
        pointer: '/filters/brand',
        message: 'shared filters "brand" is also defined in shared/a.json',
      },
    ]);
  });

  it('a shared file failing its schema check adds its problems, not its definitions', () => {
    const validate = (data: unknown) =>
      (data as { bad?: boolean }).bad ? [{ pointer: '/bad', message: 'must not be bad' }] : [];
    const { shared, problems } = sharedDefinitionsOf(
      [
        { file: 'shared/a.json', data: { bad: true, filters: { a: {} } } },
        { file: 'shared/b.json', data: { filters: { b: {} } } },
      ],
      validate,
    );
    expect(problems).toEqual([{ file: 'shared/a.json', pointer: '/bad', message: 'must not be bad' }]);
    expect([...shared.filters.keys()]).toEqual(['b']);
  });

  it('migrates and expands a screen file, deriving what its path says', () => {
    const { shared } = sharedDefinitionsOf([
      { file: 'shared/f.json', data: { filters: { ch: { field: 'channel_id' } } } },
    ]);
    const result = resolveConfigFile(
      'stock/kpi.screen.json',
      { schemaVersion: 1, filters: [{ use: 'ch' }] },
      shared,
    );
    expect(result.data).toEqual({
      schemaVersion: 2,
      id: 'kpi',
      area: 'stock',
      permission: 'stock/kpi',
      filters: [{ field: 'channel_id' }],
    });
    expect(result.problems).toEqual([]);
    expect(result.origins.map((o) => o.at)).toEqual(['/filters/0', '/filters/0/field']);
  });

  it('derives a dataset id from its path', () => {
    expect(resolveConfigFile('datasets/sales.dataset.json', {}, emptySharedDefinitions()).data).toEqual({
      id: 'sales',
    });
  });

  it('returns shared files and unknown paths untouched', () => {
    const data = { schemaVersion: 1, filters: [{ use: 'x' }] };
    for (const file of ['shared/f.json', 'stock/kpi.json'])
      expect(resolveConfigFile(file, data, emptySharedDefinitions())).toEqual({
        data,
        origins: [],
        problems: [],
      });
  });

  it('migrates a case rule without expanding shared definitions, its id from the path', () => {
    const { shared } = sharedDefinitionsOf([
      { file: 'shared/f.json', data: { filters: { ch: { field: 'channel_id' } } } },
    ]);
    const rule = { schemaVersion: 1, id: 'typed', filters: [{ use: 'ch' }] };
    expect(resolveConfigFile('cases/buy_box_lost.case.json', rule, shared)).toEqual({
      data: { schemaVersion: 2, id: 'buy_box_lost', filters: [{ use: 'ch' }] },
      origins: [],
      problems: [],
    });
    expect(rule.id).toBe('typed');
  });

  it('leaves a case rule that is no object as it is, for the schema check to refuse', () => {
    for (const data of [null, [1], 'text', 3])
      expect(resolveConfigFile('cases/a.case.json', data, emptySharedDefinitions())).toEqual({
        data,
        origins: [],
        problems: [],
      });
  });
});
