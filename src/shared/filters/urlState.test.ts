import { describe, expect, it } from 'vitest';
import type { FilterState } from './filterState.js';
import { filtersToSearch, resolveInitialFilters, searchToFilters } from './urlState.js';

describe('filter state in the URL', () => {
  it('leaves paging and bookkeeping out of a link', () => {
    const state: FilterState = {
      limit: 40,
      offset: 30,
      brand_id: [7],
      checkbox_filters: { a: [1] },
      alwaysSelected_filters: ['channel_id'],
    };
    expect(filtersToSearch(state)).toBe('brand_id=%5B7%5D');
  });

  it('ignores paging and bookkeeping written into a link', () => {
    expect(searchToFilters('offset=30&limit=40&alwaysSelected_filters=x&checkbox_filters=%7B%7D')).toBeNull();
    expect(searchToFilters('offset=30&brand_id=%5B7%5D')).toEqual({ brand_id: [7] });
  });

  it('dates, the date title and the order field stay text even when they look like numbers or flags', () => {
    expect(
      searchToFilters(
        'start_date=-1&end_date=2026&selected_date=null&datepicker_title=true&order_by=2&date_preset=7',
      ),
    ).toEqual({
      start_date: '-1',
      end_date: '2026',
      selected_date: 'null',
      datepicker_title: 'true',
      order_by: '2',
      date_preset: '7',
    });
  });

  it('other values read back as flags, numbers or text', () => {
    expect(
      searchToFilters('a=true&b=false&c=12&d=-3.5&e=1.&f=x1&g=1e3&h=.5&i=12a&j=a12&k=1.2.3&l=1.x&m=-'),
    ).toEqual({
      a: true,
      b: false,
      c: 12,
      d: -3.5,
      e: '1.',
      f: 'x1',
      g: '1e3',
      h: '.5',
      i: '12a',
      j: 'a12',
      k: '1.2.3',
      l: '1.x',
      m: '-',
    });
    expect(searchToFilters('n=null&brand_id=%5B1%5D')).toEqual({ brand_id: [1] });
    expect(searchToFilters('n=1.25&o=10.5')).toEqual({ n: 1.25, o: 10.5 });
  });

  it('lists are bracketed, their items read as scalars; an empty list is dropped', () => {
    expect(searchToFilters('a=%5B1,x,true,false,2.5%5D')).toEqual({ a: [1, 'x', true, false, 2.5] });
    expect(searchToFilters('a=%5B%5D&b=1')).toEqual({ b: 1 });
    // Half a bracket is text, not a list.
    expect(searchToFilters('a=%5B1&b=1%5D')).toEqual({ a: '[1', b: '1]' });
  });

  it('maps travel as JSON; a mangled one is skipped, the rest kept', () => {
    const state: FilterState = { limit: 10, offset: 0, selected_filters: { brand_id: { 7: 'Acme' } } };
    expect(searchToFilters(filtersToSearch(state))).toEqual({
      selected_filters: { brand_id: { 7: 'Acme' } },
    });
    expect(searchToFilters('selected_filters=%7Bbad&b=1')).toEqual({ b: 1 });
  });

  it('a link with no state at all reads as none', () => {
    expect(searchToFilters('')).toBeNull();
  });

  it('the URL wins over storage, storage over defaults; paging always starts over', () => {
    const defaults: FilterState = { limit: 10, offset: 0, channel_id: [1] };
    const stored: FilterState = { limit: 50, offset: 20, brand_id: [2] };
    expect(resolveInitialFilters({ brand_id: [9], offset: 5 }, stored, defaults)).toEqual({
      limit: 10,
      offset: 0,
      channel_id: [1],
      brand_id: [9],
    });
    expect(resolveInitialFilters(null, stored, defaults)).toEqual({
      limit: 10,
      offset: 0,
      channel_id: [1],
      brand_id: [2],
    });
    expect(resolveInitialFilters(null, null, defaults)).toEqual(defaults);
  });
});
