import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION, migrateConfig } from './migrateConfig.js';

const v1 = (filters: unknown[]) => ({ schemaVersion: 1, id: 'kpi', filters });

describe('config migration', () => {
  it('the current version is 2', () => {
    expect(CURRENT_SCHEMA_VERSION).toBe(2);
  });

  it('leaves non-objects, arrays, unversioned and current files unchanged', () => {
    expect(migrateConfig(null)).toBeNull();
    expect(migrateConfig('text')).toBe('text');
    const list = [{ schemaVersion: 1 }];
    expect(migrateConfig(list)).toBe(list);
    const current = { schemaVersion: 2, filters: [{ field: 'self_comp', kind: 'radio' }] };
    expect(migrateConfig(current)).toBe(current);
    const unversioned = { id: 'x' };
    expect(migrateConfig(unversioned)).toBe(unversioned);
    const newer = { schemaVersion: 3 };
    expect(migrateConfig(newer)).toBe(newer);
  });

  it('version 1 becomes version 2 with its other properties kept', () => {
    expect(migrateConfig({ schemaVersion: 1, id: 'kpi', title: 'KPI' })).toEqual({
      schemaVersion: 2,
      id: 'kpi',
      title: 'KPI',
    });
  });

  it('declares the linked label category rule on multi-select and typeahead filters', () => {
    const linked = {
      map: 'label_category_ids',
      param: 'label_category',
      into: ['category_id'],
      alsoMerges: ['mapped_category_id'],
    };
    for (const kind of ['multiSelect', 'typeahead'])
      expect(migrateConfig(v1([{ field: 'label_category_id', kind }]))).toEqual({
        schemaVersion: 2,
        id: 'kpi',
        filters: [{ field: 'label_category_id', kind, linked }],
      });
    expect(migrateConfig(v1([{ field: 'label_category_id', kind: 'radio' }]))).toEqual({
      schemaVersion: 2,
      id: 'kpi',
      filters: [{ field: 'label_category_id', kind: 'radio' }],
    });
  });

  it('declares the linked city zone rule on multi-select and typeahead filters', () => {
    const linked = { map: 'city_zone_ids', param: 'city_zone', into: ['city_id', 'city'] };
    for (const kind of ['multiSelect', 'typeahead'])
      expect(migrateConfig(v1([{ field: 'city_zone_id', kind }]))).toMatchObject({
        filters: [{ field: 'city_zone_id', kind, linked }],
      });
    expect(migrateConfig(v1([{ field: 'city_zone_id', kind: 'singleSelect' }]))).toEqual({
      schemaVersion: 2,
      id: 'kpi',
      filters: [{ field: 'city_zone_id', kind: 'singleSelect' }],
    });
  });

  it('self_comp selects clear brand and category filters', () => {
    const clears = ['brand_id', 'category_id', 'label_category_id'];
    for (const kind of ['multiSelect', 'singleSelect', 'radio'])
      expect(migrateConfig(v1([{ field: 'self_comp', kind }]))).toEqual({
        schemaVersion: 2,
        id: 'kpi',
        filters: [{ field: 'self_comp', kind, clears }],
      });
    expect(migrateConfig(v1([{ field: 'self_comp', kind: 'typeahead' }]))).toEqual({
      schemaVersion: 2,
      id: 'kpi',
      filters: [{ field: 'self_comp', kind: 'typeahead' }],
    });
  });

  it('brand sourced filters, radios excepted, get suggestion defaults', () => {
    expect(migrateConfig(v1([{ field: 'brand_id', kind: 'multiSelect', source: 'brands' }]))).toEqual({
      schemaVersion: 2,
      id: 'kpi',
      filters: [
        { field: 'brand_id', kind: 'multiSelect', source: 'brands', suggestionDefaults: { attr_type_id: 0 } },
      ],
    });
    expect(migrateConfig(v1([{ field: 'x', kind: 'radio', source: 'brand' }]))).toEqual({
      schemaVersion: 2,
      id: 'kpi',
      filters: [{ field: 'x', kind: 'radio', source: 'brand' }],
    });
    expect(migrateConfig(v1([{ field: 'x', kind: 'multiSelect', source: 'subbrand' }]))).toEqual({
      schemaVersion: 2,
      id: 'kpi',
      filters: [{ field: 'x', kind: 'multiSelect', source: 'subbrand' }],
    });
  });

  it('a rule the file already declares is kept as written', () => {
    const own = { field: 'self_comp', kind: 'radio', clears: ['brand_id'] };
    expect(migrateConfig(v1([own]))).toEqual({ schemaVersion: 2, id: 'kpi', filters: [own] });
  });

  it('several rules can apply to one filter; non-object filters stay as they are', () => {
    const filter = { field: 'label_category_id', kind: 'typeahead', source: 'brandLabels' };
    const migrated = migrateConfig(v1([filter, null, 'x', [1]])) as { filters: unknown[] };
    expect(migrated.filters[0]).toEqual({
      ...filter,
      linked: expect.objectContaining({ map: 'label_category_ids' }) as unknown,
      suggestionDefaults: { attr_type_id: 0 },
    });
    expect(migrated.filters.slice(1)).toEqual([null, 'x', [1]]);
  });

  it('a version 1 file without a filter list gets none', () => {
    expect(migrateConfig({ schemaVersion: 1, filters: 'none' })).toEqual({
      schemaVersion: 2,
      filters: 'none',
    });
    expect(migrateConfig({ schemaVersion: 1 })).not.toHaveProperty('filters');
  });
});
