import { describe, expect, it } from 'vitest';
import { expandConfig } from './expandConfig.js';
import { emptySharedDefinitions, type SharedDefinitions } from './sharedDefinitions.js';

function sharedWith(): SharedDefinitions {
  const shared = emptySharedDefinitions();
  const at = (section: string, name: string) => ({
    file: 'shared/common.json',
    pointer: `/${section}/${name}`,
  });
  shared.filters.set('channel', {
    node: { kind: 'multiSelect', field: 'channel_id', label: 'Channel' },
    ...at('filters', 'channel'),
  });
  shared.filters.set('brand', { node: { kind: 'typeahead', field: 'brand_id' }, ...at('filters', 'brand') });
  shared.dates.set('range', { node: { kind: 'range', default: 'last30' }, ...at('dates', 'range') });
  shared.mutations.set('save', { node: { endpoint: 'x/save' }, ...at('mutations', 'save') });
  shared.dimensions.set('city', { node: { column: 'city' }, ...at('dimensions', 'city') });
  shared.measures.set('units', { node: { sql: 'sum(units)' }, ...at('measures', 'units') });
  return shared;
}
const derived = { area: 'stock', id: 'kpi' };
const FILE = 'stock/kpi.screen.json';

describe('expanding a config file', () => {
  it('returns non-object data untouched', () => {
    for (const data of [null, 'x', [1]])
      expect(expandConfig('screen', FILE, derived, data, sharedWith())).toEqual({
        data,
        origins: [],
        problems: [],
      });
  });

  it('fills in id, area and permission from the path for a screen', () => {
    expect(expandConfig('screen', FILE, derived, {}, sharedWith()).data).toEqual({
      id: 'kpi',
      area: 'stock',
      permission: 'stock/kpi',
    });
  });

  it('a written id or area wins and the permission follows it', () => {
    expect(expandConfig('screen', FILE, derived, { id: 'other', area: 'sales' }, sharedWith()).data).toEqual({
      id: 'other',
      area: 'sales',
      permission: 'sales/other',
    });
    expect(expandConfig('screen', FILE, derived, { permission: 'stock/x' }, sharedWith()).data).toMatchObject(
      { permission: 'stock/x' },
    );
  });

  it('areas and datasets get only the id', () => {
    expect(
      expandConfig('area', 'stock/area.json', { area: 'stock', id: 'stock' }, { title: 'S' }, sharedWith())
        .data,
    ).toEqual({
      title: 'S',
      id: 'stock',
    });
    expect(
      expandConfig('dataset', 'datasets/d.dataset.json', { area: null, id: 'd' }, {}, sharedWith()).data,
    ).toEqual({
      id: 'd',
    });
  });

  it('an area file does not expand references', () => {
    const filters = [{ use: 'channel' }];
    const result = expandConfig(
      'area',
      'stock/area.json',
      { area: 'stock', id: 'stock' },
      { filters },
      sharedWith(),
    );
    expect(result.data).toEqual({ filters, id: 'stock' });
    expect(result.origins).toEqual([]);
  });

  it('replaces a filter reference by the definition with local properties laid over it', () => {
    const data = { filters: [{ field: 'own' }, { use: 'channel', label: 'Sales channel' }] };
    const result = expandConfig('screen', FILE, derived, data, sharedWith());
    expect(result.problems).toEqual([]);
    expect((result.data as { filters: unknown[] }).filters).toEqual([
      { field: 'own' },
      { kind: 'multiSelect', field: 'channel_id', label: 'Sales channel' },
    ]);
    expect(result.origins).toEqual([
      { at: '/filters/1', file: FILE, pointer: '/filters/1' },
      { at: '/filters/1/kind', file: 'shared/common.json', pointer: '/filters/channel/kind' },
      { at: '/filters/1/field', file: 'shared/common.json', pointer: '/filters/channel/field' },
    ]);
  });

  it('expands the single dates node and the mutations list of a screen', () => {
    const data = { dates: { use: 'range' }, mutations: [{ use: 'save', id: 'm' }] };
    const out = expandConfig('screen', FILE, derived, data, sharedWith()).data;
    expect(out).toMatchObject({
      dates: { kind: 'range', default: 'last30' },
      mutations: [{ endpoint: 'x/save', id: 'm' }],
    });
  });

  it('expands dimensions and measures of a dataset, not its filters', () => {
    const data = {
      dimensions: [{ use: 'city' }],
      measures: [{ use: 'units' }],
      filters: [{ use: 'channel' }],
    };
    const out = expandConfig(
      'dataset',
      'datasets/d.dataset.json',
      { area: null, id: 'd' },
      data,
      sharedWith(),
    ).data;
    expect(out).toEqual({
      id: 'd',
      dimensions: [{ column: 'city' }],
      measures: [{ sql: 'sum(units)' }],
      filters: [{ use: 'channel' }],
    });
  });

  it('a screen section of the wrong shape is left alone', () => {
    const data = { filters: { use: 'channel' }, mutations: 'none' };
    expect(expandConfig('screen', FILE, derived, data, sharedWith()).data).toMatchObject(data);
    expect(expandConfig('screen', FILE, derived, {}, sharedWith()).data).not.toHaveProperty('filters');
  });

  it('an unknown name is a problem at its use, listing the known names, and the node stays', () => {
    const node = { use: 'chanel', label: 'X' };
    const result = expandConfig('screen', FILE, derived, { filters: [null, node] }, sharedWith());
    expect(result.problems).toEqual([
      {
        file: FILE,
        pointer: '/filters/1/use',
        message: 'unknown shared filter "chanel"; defined in screens/shared: brand, channel',
      },
    ]);
    expect((result.data as { filters: unknown[] }).filters).toEqual([null, node]);
    expect(result.origins).toEqual([]);
  });

  it('a non-string use, or one with nothing defined, says so', () => {
    const empty = emptySharedDefinitions();
    const result = expandConfig('screen', FILE, derived, { dates: { use: 3 } }, empty);
    expect(result.problems).toEqual([
      {
        file: FILE,
        pointer: '/dates/use',
        message: 'unknown shared date 3; defined in screens/shared: none',
      },
    ]);
  });
});
