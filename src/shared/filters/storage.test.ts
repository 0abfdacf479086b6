import { describe, expect, it } from 'vitest';
import { FILTER_STORAGE_KEY, loadStoredFilters, saveStoredFilters, type KeyValueStorage } from './storage.js';
import { filtersToSearch, resolveInitialFilters, searchToFilters } from './urlState.js';
import type { FilterState } from './filterState.js';

function memory(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}
const base: FilterState = { limit: 10, offset: 0, start_date: '2026-11-22', end_date: '2026-11-22' };

describe('filter persistence', () => {
  it('storage keeps state per area and screen under prodSearcBarParams', () => {
    const s = memory();
    saveStoredFilters(s, 'stock', 'kpi', { ...base, brand_id: [1] });
    saveStoredFilters(s, 'stock', 'data', { ...base, brand_id: [2], city_id: [] });
    expect(Object.keys(JSON.parse(s.data.get(FILTER_STORAGE_KEY)!) as object)).toEqual(['stock']);
    expect(loadStoredFilters(s, 'stock', 'kpi')?.brand_id).toEqual([1]);
    expect(loadStoredFilters(s, 'stock', 'data')).not.toHaveProperty('city_id');
    expect(loadStoredFilters(s, 'price', 'kpi')).toBeNull();
  });

  it('a corrupt storage entry is ignored', () => {
    const s = memory();
    s.setItem(FILTER_STORAGE_KEY, '{oops');
    expect(loadStoredFilters(s, 'stock', 'kpi')).toBeNull();
  });

  it('URL state round-trips so a copied link reopens the view', () => {
    const state: FilterState = {
      ...base,
      offset: 20,
      channel_id: [1, 4],
      brand_id: ['x'],
      order_by: 'brand',
      order_type: 'desc',
      datepicker_title: 'Today',
      selected_filters: { channel_id: { 1: 'Amazon', 4: 'Flipkart' } },
      is_favourite: true,
    };
    const back = searchToFilters(filtersToSearch(state));
    const { limit: _limit, offset: _offset, ...shared } = state; // paging is not part of a link
    expect(back).toEqual(shared);
  });

  it('URL first, then storage, then defaults', () => {
    const stored = { ...base, brand_id: [2] };
    expect(resolveInitialFilters({ brand_id: [1] }, stored, base).brand_id).toEqual([1]);
    expect(resolveInitialFilters(null, stored, base).brand_id).toEqual([2]);
    expect(resolveInitialFilters(null, null, base)).toEqual(base);
    expect(resolveInitialFilters(null, { ...stored, offset: 50 }, base).offset).toBe(0);
  });
});

describe('what storage holds that is not filter state', () => {
  it('nothing stored, or a stored non-object, reads as nothing and is replaced on save', () => {
    for (const raw of [null, '[1]', '"text"', 'null', '7']) {
      const s = memory();
      if (raw !== null) s.setItem(FILTER_STORAGE_KEY, raw);
      expect(loadStoredFilters(s, 'stock', 'kpi')).toBeNull();
      saveStoredFilters(s, 'stock', 'kpi', base);
      expect(JSON.parse(s.data.get(FILTER_STORAGE_KEY)!)).toEqual({ stock: { kpi: base } });
    }
  });

  it('a screen entry without a numeric limit is no state', () => {
    const s = memory();
    s.setItem(FILTER_STORAGE_KEY, JSON.stringify({ stock: { kpi: { limit: '10' }, data: 'x', grid: null } }));
    expect(loadStoredFilters(s, 'stock', 'kpi')).toBeNull();
    expect(loadStoredFilters(s, 'stock', 'data')).toBeNull();
    expect(loadStoredFilters(s, 'stock', 'grid')).toBeNull();
  });

  it('saving one screen keeps the other areas and screens', () => {
    const s = memory();
    saveStoredFilters(s, 'price', 'kpi', base);
    saveStoredFilters(s, 'stock', 'kpi', base);
    saveStoredFilters(s, 'stock', 'data', { ...base, limit: 20 });
    expect(JSON.parse(s.data.get(FILTER_STORAGE_KEY)!)).toEqual({
      price: { kpi: base },
      stock: { kpi: base, data: { ...base, limit: 20 } },
    });
  });
});
