import { describe, expect, it } from 'vitest';
import type { LanguageProblem } from './jsonPointer.js';
import { collectSharedDefinitions, emptySharedDefinitions } from './sharedDefinitions.js';

describe('shared definitions', () => {
  it('starts with every section empty', () => {
    const shared = emptySharedDefinitions();
    expect(Object.keys(shared).sort()).toEqual(['dates', 'dimensions', 'filters', 'measures', 'mutations']);
    for (const section of Object.values(shared)) expect(section.size).toBe(0);
  });

  it('collects each named node of every section with where it was written', () => {
    const shared = emptySharedDefinitions();
    const problems: LanguageProblem[] = [];
    const channel = { kind: 'multiSelect', field: 'channel_id' };
    collectSharedDefinitions(
      'shared/all.json',
      {
        filters: { channel },
        dates: { range: { kind: 'range' } },
        dimensions: { 'a/b': { column: 'b' } },
        measures: { units: { sql: 'sum(u)' } },
        mutations: { save: { endpoint: 'x' } },
        other: { ignored: {} },
      },
      shared,
      problems,
    );
    expect(problems).toEqual([]);
    expect(shared.filters.get('channel')).toEqual({
      node: channel,
      file: 'shared/all.json',
      pointer: '/filters/channel',
    });
    expect(shared.dates.get('range')?.pointer).toBe('/dates/range');
    expect(shared.dimensions.get('a/b')?.pointer).toBe('/dimensions/a~1b');
    expect(shared.measures.get('units')?.node).toEqual({ sql: 'sum(u)' });
    expect(shared.mutations.get('save')?.file).toBe('shared/all.json');
  });

  it('a name defined again in another file is a problem at the second; the first stays', () => {
    const shared = emptySharedDefinitions();
    const problems: LanguageProblem[] = [];
    collectSharedDefinitions('shared/a.json', { filters: { channel: { field: 'a' } } }, shared, problems);
    collectSharedDefinitions(
      'shared/b.json',
      { filters: { channel: { field: 'b' }, brand: { field: 'brand_id' } }, measures: { channel: {} } },
      shared,
      problems,
    );
    expect(problems).toEqual([
      {
        file: 'shared/b.json',
        pointer: '/filters/channel',
        message: 'shared filters "channel" is also defined in shared/a.json',
      },
    ]);
    expect(shared.filters.get('channel')?.node).toEqual({ field: 'a' });
    expect(shared.filters.get('brand')?.file).toBe('shared/b.json');
    expect(shared.measures.has('channel')).toBe(true);
  });
});
