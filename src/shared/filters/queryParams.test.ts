import { describe, expect, it } from 'vitest';
import { dataQueryParams, mergeQuery, suggestionParams } from './queryParams.js';
import { SPEC_RULES } from './testing/specFilterRules.js';

describe("query parameters (product spec: requests), with the spec's rules declared in config", () => {
  it('query merging: label_category and mapped_category_id merge into category_id', () => {
    expect(
      mergeQuery({ category_id: [1], label_category: [2, 1], mapped_category_id: [3] }, SPEC_RULES.links),
    ).toEqual({
      category_id: [1, 2, 3],
    });
  });

  it('query merging: city_zone merges into city_id and city', () => {
    expect(mergeQuery({ city_id: [5], city_zone: [6] }, SPEC_RULES.links)).toEqual({
      city_id: [5, 6],
      city: [6],
    });
  });

  it('undefined parameters and empty lists are dropped', () => {
    expect(mergeQuery({ a: undefined, b: [], c: null, d: 0, e: [1] }, SPEC_RULES.links)).toEqual({
      d: 0,
      e: [1],
    });
  });

  it('brand suggestions get attr_type_id 0 when missing or empty', () => {
    expect(suggestionParams('brand', { prefix: 'a' }, SPEC_RULES)).toMatchObject({ attr_type_id: 0 });
    expect(suggestionParams('brand', { attr_type_id: '' }, SPEC_RULES)).toMatchObject({ attr_type_id: 0 });
    expect(suggestionParams('brand', { attr_type_id: 2 }, SPEC_RULES)).toMatchObject({ attr_type_id: 2 });
    expect(suggestionParams('channel', {}, SPEC_RULES)).not.toHaveProperty('attr_type_id');
  });

  it('data calls carry the declared filter fields, dates, paging and order', () => {
    const params = dataQueryParams(
      {
        limit: 10,
        offset: 20,
        start_date: '2026-11-01',
        end_date: '2026-11-07',
        order_by: 'brand',
        order_type: 'asc',
        channel_id: [1],
        brand_id: [],
        label_category_id: ['L'],
        label_category_ids: { L: [8] },
        undeclared: 3,
      },
      ['channel_id', 'brand_id', 'category_id', 'label_category_id'],
      SPEC_RULES,
    );
    expect(params).toEqual({
      channel_id: [1],
      category_id: [8],
      start_date: '2026-11-01',
      end_date: '2026-11-07',
      limit: 10,
      offset: 20,
      order_by: 'brand',
      order_type: 'asc',
    });
  });
});

describe('linked ids in data calls', () => {
  it('a label category expands into category ids only when the screen declares category_id', () => {
    const state = { limit: 10, offset: 0, label_category_id: ['L'], label_category_ids: { L: [8] } };
    expect(dataQueryParams(state, ['label_category_id'], SPEC_RULES)).toMatchObject({
      label_category_id: ['L'],
    });
    expect(dataQueryParams(state, ['label_category_id'], SPEC_RULES)).not.toHaveProperty('category_id');
  });

  it('a city zone expands into city ids; the legacy city parameter stays out of data calls', () => {
    const state = { limit: 10, offset: 0, city_zone_id: ['N'], city_zone_ids: { N: [11, 12] }, city_id: [3] };
    const params = dataQueryParams(state, ['city_id', 'city_zone_id'], SPEC_RULES);
    expect(params).toMatchObject({ city_id: [3, 11, 12] });
    expect(params).not.toHaveProperty('city_zone_id');
    expect(params).not.toHaveProperty('city');
  });

  it('without declared rules, no field name is special', () => {
    const state = { limit: 10, offset: 0, label_category_id: ['L'], label_category_ids: { L: [8] } };
    expect(dataQueryParams(state, ['category_id', 'label_category_id'])).toMatchObject({
      label_category_id: ['L'],
    });
    expect(suggestionParams('brand', {})).not.toHaveProperty('attr_type_id');
  });
});

describe('query merging edges', () => {
  it('a single value merges as one item; null and missing add nothing', () => {
    expect(mergeQuery({ category_id: 4, label_category: [5] }, SPEC_RULES.links)).toEqual({
      category_id: [4, 5],
    });
    expect(mergeQuery({ category_id: null, label_category: [5] }, SPEC_RULES.links)).toEqual({
      category_id: [5],
    });
    expect(mergeQuery({ label_category: 5 }, SPEC_RULES.links)).toEqual({ category_id: [5] });
  });

  it('a link whose parameters are all missing leaves its fields as they are', () => {
    expect(mergeQuery({ category_id: 4 }, SPEC_RULES.links)).toEqual({ category_id: 4 });
  });

  it('an also-merged parameter alone is merged too', () => {
    expect(mergeQuery({ mapped_category_id: [8] }, SPEC_RULES.links)).toEqual({ category_id: [8] });
  });

  it('a linked field without linked ids keeps its own values', () => {
    const state = { limit: 10, offset: 0, city_zone_id: ['N'], city_zone_ids: {} };
    expect(dataQueryParams(state, ['city_zone_id', 'city_id'], SPEC_RULES)).toEqual({
      city_zone_id: ['N'],
      limit: 10,
      offset: 0,
    });
  });
});
