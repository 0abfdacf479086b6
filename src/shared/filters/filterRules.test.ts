import { describe, expect, it } from 'vitest';
import {
  canClearAll,
  changeDatePreset,
  changeFilter,
  changeOrder,
  nextPage,
  removeAllFilters,
  removeTag,
  resetPaging,
} from './filterRules.js';
import { defaultFilterState, type ScreenFilterDefaults } from './defaults.js';
import type { FilterState } from './filterState.js';
import { SPEC_RULES } from './testing/specFilterRules.js';

const TODAY = '2026-11-22';
const defaults: ScreenFilterDefaults = { limit: 10, datePreset: 'last_7_days' };
const paged = (extra: Partial<FilterState> = {}): FilterState => ({
  ...defaultFilterState(defaults, TODAY),
  limit: 40,
  offset: 30,
  ...extra,
});

describe('filter rules (docs/product-spec.md §4)', () => {
  it('any filter change resets offset to 0 and restores the default limit', () => {
    const next = changeFilter(paged(), 'channel_id', [1, 4], defaults);
    expect(next).toMatchObject({ channel_id: [1, 4], offset: 0, limit: 10 });
  });

  it('a date preset change resets offset and limit too', () => {
    const next = changeDatePreset(paged(), 'yesterday', TODAY, defaults);
    expect(next).toMatchObject({ start_date: '2026-11-21', end_date: '2026-11-21', offset: 0, limit: 10 });
  });

  it('a sort change resets offset and limit too', () => {
    expect(changeOrder(paged(), 'brand', 'desc', defaults)).toMatchObject({
      order_by: 'brand',
      order_type: 'desc',
      offset: 0,
    });
  });

  it('an emptied filter drops its key', () => {
    const next = changeFilter(paged({ brand_id: [7] }), 'brand_id', [], defaults);
    expect('brand_id' in next).toBe(false);
  });

  it('removing all filters restores defaults and clears category and city dependants (declared links)', () => {
    const state = paged({
      brand_id: [7],
      category_id: [3, 9],
      label_category_id: ['L1'],
      label_category_ids: { L1: [9] },
      city_id: [2],
      city_zone_id: ['Z'],
      city_zone_ids: { Z: [2] },
      selected_filters: { brand_id: { 7: 'Acme' } },
    });
    const next = removeAllFilters(
      state,
      { ...defaults, values: { stock_status: [1] }, rules: SPEC_RULES },
      TODAY,
    );
    for (const f of [
      'brand_id',
      'category_id',
      'label_category_id',
      'label_category_ids',
      'city_id',
      'city_zone_id',
      'city_zone_ids',
    ]) {
      expect(next[f]).toBeUndefined();
    }
    expect(next).toMatchObject({ stock_status: [1], offset: 0, limit: 10, start_date: state.start_date });
  });

  it('removing a tag sets offset 0, removes the value and drops the emptied key', () => {
    const state = paged({
      brand_id: [7, 8],
      channel_id: [1],
      selected_filters: { channel_id: { 1: 'Amazon' } },
    });
    const a = removeTag(state, 'brand_id', 7);
    expect(a).toMatchObject({ brand_id: [8], offset: 0 });
    const b = removeTag(state, 'channel_id', 1);
    expect('channel_id' in b).toBe(false);
    expect(b.selected_filters?.channel_id).toBeUndefined();
  });

  it('removing a label category tag removes its category ids', () => {
    const state = paged({
      label_category_id: ['L1'],
      label_category_ids: { L1: [3, 4] },
      category_id: [3, 4, 5],
    });
    const next = removeTag(state, 'label_category_id', 'L1', SPEC_RULES);
    expect(next.category_id).toEqual([5]);
    expect(next.label_category_id).toBeUndefined();
    expect(next.label_category_ids).toBeUndefined();
  });

  it('removing a city zone tag removes its city ids', () => {
    const state = paged({ city_zone_id: ['N'], city_zone_ids: { N: [11, 12] }, city_id: [11, 12] });
    const next = removeTag(state, 'city_zone_id', 'N', SPEC_RULES);
    expect(next.city_id).toBeUndefined();
    expect(next.city_zone_id).toBeUndefined();
  });

  it("'Clear all filters' is enabled only when a filter is applied", () => {
    const clean = defaultFilterState(defaults, TODAY);
    expect(canClearAll(clean)).toBe(false);
    expect(canClearAll({ ...clean, brand_id: [1] })).toBe(true);
    expect(canClearAll({ ...clean, channel_id: [1], alwaysSelected_filters: ['channel_id'] })).toBe(false);
  });

  it('self_comp clears brand, category and label category (declared clears)', () => {
    const state = paged({ brand_id: [1], category_id: [2], label_category_id: ['L'], city_id: [5] });
    const next = changeFilter(state, 'self_comp', 'self', { ...defaults, rules: SPEC_RULES });
    expect(next).toMatchObject({ self_comp: 'self', city_id: [5] });
    expect(next.brand_id ?? next.category_id ?? next.label_category_id).toBeUndefined();
  });

  it('defaults per screen give the page size and default date preset', () => {
    expect(defaultFilterState({ limit: 5, datePreset: 'today' }, TODAY)).toMatchObject({
      limit: 5,
      offset: 0,
      start_date: TODAY,
      end_date: TODAY,
      datepicker_title: 'Today',
    });
    expect(defaultFilterState({}, TODAY).limit).toBe(10);
  });
});

describe('tag names follow their values', () => {
  it('an emptied filter drops its tag names too', () => {
    const state = changeFilter(paged(), 'brand_id', [7], defaults, { 7: 'Acme' });
    expect(state.selected_filters).toEqual({ brand_id: { 7: 'Acme' } });
    expect(changeFilter(state, 'brand_id', [], defaults).selected_filters).toEqual({});
  });
});

describe('paging', () => {
  it('a reset goes to offset 0 with the screen page size, or 10', () => {
    expect(resetPaging(paged(), { limit: 25 })).toMatchObject({ offset: 0, limit: 25 });
    expect(resetPaging(paged(), {})).toMatchObject({ offset: 0, limit: 10 });
  });

  it('Show More moves the offset on by one page', () => {
    expect(nextPage(paged())).toEqual({ ...paged(), offset: 70, limit: 40 });
  });
});

describe('tag names on change', () => {
  it('a new choice adds its names beside the other fields’ names', () => {
    const state = paged({ channel_id: [1], selected_filters: { channel_id: { 1: 'Amazon' } } });
    expect(changeFilter(state, 'brand_id', [7], defaults, { 7: 'Acme' }).selected_filters).toEqual({
      channel_id: { 1: 'Amazon' },
      brand_id: { 7: 'Acme' },
    });
  });

  it('names given with an empty value are not kept; emptying keeps the other fields’ names', () => {
    const state = paged({
      brand_id: [7],
      channel_id: [1],
      selected_filters: { brand_id: { 7: 'Acme' }, channel_id: { 1: 'Amazon' } },
    });
    expect(changeFilter(state, 'brand_id', [], defaults, { 7: 'Acme' }).selected_filters).toEqual({
      channel_id: { 1: 'Amazon' },
    });
    expect(changeFilter(paged(), 'brand_id', [], defaults, { 7: 'Acme' }).selected_filters).toBeUndefined();
  });

  it('a value changed without names keeps the names it had', () => {
    const state = paged({ brand_id: [7], selected_filters: { brand_id: { 7: 'Acme' } } });
    expect(changeFilter(state, 'brand_id', [7, 8], defaults).selected_filters).toEqual({
      brand_id: { 7: 'Acme' },
    });
  });

  it('a declared clear drops the cleared fields’ names and keeps the others', () => {
    const state = paged({
      brand_id: [1],
      city_id: [5],
      selected_filters: { brand_id: { 1: 'Acme' }, city_id: { 5: 'Pune' } },
    });
    const next = changeFilter(state, 'self_comp', 'self', { ...defaults, rules: SPEC_RULES });
    expect(next.selected_filters).toEqual({ city_id: { 5: 'Pune' } });
  });
});

describe('clearing all filters keeps the always-selected ones', () => {
  it('an always-selected field keeps its value and names; others go', () => {
    const state = paged({
      channel_id: [1],
      brand_id: [7],
      alwaysSelected_filters: ['channel_id', 'platform'],
      selected_filters: { channel_id: { 1: 'Amazon' }, brand_id: { 7: 'Acme' } },
    });
    const next = removeAllFilters(state, defaults, TODAY);
    expect(next.channel_id).toEqual([1]);
    expect(next.brand_id).toBeUndefined();
    expect('platform' in next).toBe(false);
    expect(next.selected_filters).toEqual({ channel_id: { 1: 'Amazon' } });
    expect(next).toMatchObject({ offset: 0, limit: 10 });
  });

  it('without always-selected fields every filter and name goes', () => {
    const state = paged({ brand_id: [7], selected_filters: { brand_id: { 7: 'Acme' } } });
    const next = removeAllFilters(state, defaults, TODAY);
    expect(next.brand_id).toBeUndefined();
    expect(next.selected_filters).toEqual({});
  });
});

describe('removing one tag', () => {
  it('keeps the names of the values left', () => {
    const state = paged({ brand_id: [7, 8], selected_filters: { brand_id: { 7: 'Acme', 8: 'Bolt' } } });
    expect(removeTag(state, 'brand_id', 7).selected_filters).toEqual({ brand_id: { 8: 'Bolt' } });
    expect(removeTag(state, 'brand_id', '8').brand_id).toEqual([7]);
  });

  it('a single value field is removed whole', () => {
    const state = paged({ self_comp: 'self', brand_id: [7] });
    const next = removeTag(state, 'self_comp', 'self');
    expect('self_comp' in next).toBe(false);
    expect(next.brand_id).toEqual([7]);
  });

  it('a linked tag takes only its own linked ids and their names', () => {
    const state = paged({
      label_category_id: ['L1', 'L2'],
      label_category_ids: { L1: [3, 4], L2: [5] },
      category_id: [3, 4, 5],
      selected_filters: {
        category_id: { 3: 'Tea', 4: 'Coffee', 5: 'Milk' },
        label_category_id: { L1: 'Hot' },
      },
    });
    const next = removeTag(state, 'label_category_id', 'L1', SPEC_RULES);
    expect(next.category_id).toEqual([5]);
    expect(next.label_category_id).toEqual(['L2']);
    expect(next.label_category_ids).toEqual({ L2: [5] });
    expect(next.selected_filters).toEqual({ category_id: { 5: 'Milk' } });
  });

  it('a linked tag without a linked entry leaves the target alone', () => {
    const state = paged({ city_zone_id: ['N'], city_id: [11] });
    const next = removeTag(state, 'city_zone_id', 'N', SPEC_RULES);
    expect(next.city_id).toEqual([11]);
    expect(next.city_zone_ids).toBeUndefined();
    expect(next.selected_filters).toEqual({});
  });

  it('a tag of an unlinked field touches no linked ids', () => {
    const state = paged({
      brand_id: [3],
      label_category_id: ['L1'],
      label_category_ids: { L1: [3] },
      category_id: [3],
    });
    const next = removeTag(state, 'brand_id', 3, SPEC_RULES);
    expect(next).toMatchObject({ category_id: [3], label_category_ids: { L1: [3] } });
  });
});

describe("'Clear all filters' without always-selected fields", () => {
  it('any filter enables it', () => {
    expect(canClearAll(paged({ channel_id: [1] }))).toBe(true);
    expect(canClearAll(paged({ channel_id: [1], alwaysSelected_filters: [] }))).toBe(true);
  });
});

describe('maps are bookkeeping, not filters', () => {
  it('a null value is no filter and no map', () => {
    expect(canClearAll(paged({ brand_id: null }))).toBe(false);
  });
});
