import { describe, expect, it } from 'vitest';
import type { ConfigSnapshot } from '../../language/config/configRegistry.js';
import type { ActiveAuth } from '../../access/auth/guards.js';
import { DraftStore, previewScreenOf } from './draftStore.js';

const snapshot = {
  version: 0,
  areas: new Map([['stock', { tabs: ['kpi', 'data'] }]]),
  screens: new Map([
    ['stock/kpi', { dataset: 'stock' }],
    ['stock/data', { dataset: 'stock' }],
  ]),
  datasets: new Map(),
  endpoints: new Map(),
} as unknown as ConfigSnapshot;
const auth = (userId: number, groupId: number) => ({ userId, groupId }) as ActiveAuth;

describe('DraftStore', () => {
  it('gives a draft back only to the user and group that made it', () => {
    const drafts = new DraftStore();
    const id = drafts.add({
      userId: 1,
      groupId: 1,
      file: { path: 'stock/kpi.screen.json', kind: 'screen', area: 'stock', id: 'kpi' },
      snapshot,
    });
    expect(drafts.get(id, auth(1, 1)).snapshot).toBe(snapshot);
    expect(() => drafts.get(id, auth(2, 1))).toThrow(/Draft not found/);
    expect(() => drafts.get(id, auth(1, 2))).toThrow(/Draft not found/);
    expect(() => drafts.get('nope', auth(1, 1))).toThrow(/Draft not found/);
  });
});

describe('previewScreenOf', () => {
  it('previews a screen itself, an area by its first tab, a dataset by a screen on it', () => {
    expect(
      previewScreenOf(snapshot, {
        path: 'stock/data.screen.json',
        kind: 'screen',
        area: 'stock',
        id: 'data',
      }),
    ).toEqual({ area: 'stock', screen: 'data' });
    expect(
      previewScreenOf(snapshot, { path: 'stock/area.json', kind: 'area', area: 'stock', id: 'stock' }),
    ).toEqual({ area: 'stock', screen: 'kpi' });
    expect(
      previewScreenOf(snapshot, {
        path: 'datasets/stock.dataset.json',
        kind: 'dataset',
        area: null,
        id: 'stock',
      }),
    ).toEqual({ area: 'stock', screen: 'kpi' });
    expect(
      previewScreenOf(snapshot, { path: 'datasets/x.dataset.json', kind: 'dataset', area: null, id: 'x' }),
    ).toBeNull();
  });
});
