import { describe, expect, it } from 'vitest';
import { dataQueryParams, mergeQuery, suggestionParams } from './queryParams.js';

describe('query parameters (spec §5, §7)', () => {
  it('query merging: label_category and mapped_category_id merge into category_id', () => {
    expect(mergeQuery({ category_id: [1], label_category: [2, 1], mapped_category_id: [3] })).toEqual({
      category_id: [1, 2, 3],
    });
  });

  it('query merging: city_zone merges into city_id and city', () => {
    expect(mergeQuery({ city_id: [5], city_zone: [6] })).toEqual({ city_id: [5, 6], city: [6] });
  });

  it('undefined parameters and empty lists are dropped', () => {
    expect(mergeQuery({ a: undefined, b: [], c: null, d: 0, e: [1] })).toEqual({ d: 0, e: [1] });
  });

  it('brand suggestions get attr_type_id 0 when missing or empty', () => {
    expect(suggestionParams('brand', { prefix: 'a' })).toMatchObject({ attr_type_id: 0 });
    expect(suggestionParams('brand', { attr_type_id: '' })).toMatchObject({ attr_type_id: 0 });
    expect(suggestionParams('brand', { attr_type_id: 2 })).toMatchObject({ attr_type_id: 2 });
    expect(suggestionParams('channel', {})).not.toHaveProperty('attr_type_id');
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
    expect(dataQueryParams(state, ['label_category_id'])).toMatchObject({ label_category_id: ['L'] });
    expect(dataQueryParams(state, ['label_category_id'])).not.toHaveProperty('category_id');
  });
});
