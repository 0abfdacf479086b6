import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from '../../../shared/filters/index.js';
import { deleteView, listViews, saveView } from './savedViews.js';

const memory = (): KeyValueStorage => {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
};

describe('saved views', () => {
  it('saves per screen, overwrites by name and deletes', () => {
    const s = memory();
    saveView(s, 'stock', 'kpi', 'Mine', { limit: 10, offset: 30, brand_id: [1] });
    saveView(s, 'stock', 'kpi', 'Mine', { limit: 10, offset: 0, brand_id: [2] });
    saveView(s, 'stock', 'data', 'Other', { limit: 10, offset: 0 });
    const views = listViews(s, 'stock', 'kpi');
    expect(views).toHaveLength(1);
    expect(views[0]?.filters).toMatchObject({ brand_id: [2], offset: 0 });
    expect(deleteView(s, 'stock', 'kpi', 'Mine')).toEqual([]);
    expect(listViews(s, 'stock', 'data')).toHaveLength(1);
  });

  it('refuses an empty name', () => {
    expect(() => saveView(memory(), 'a', 'b', '  ', { limit: 10, offset: 0 })).toThrow();
  });
});
