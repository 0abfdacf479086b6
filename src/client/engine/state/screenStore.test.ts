// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createScreenStore, persistScreenStore, screenActions } from './screenStore.js';

const TODAY = '2026-11-22';
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('screen store', () => {
  it('writes the filter state into the URL so a copied link reopens the view', async () => {
    window.history.replaceState({ idx: 3 }, '', '/workspace/stock/kpi');
    const store = createScreenStore('stock', 'kpi', { limit: 10, datePreset: 'today' }, { today: TODAY });
    const stop = persistScreenStore(store, null, true);
    screenActions.setFilter(store, 'channel_id', [1, 4], { 1: 'Amazon', 4: 'Flipkart' });
    await tick();
    expect(window.location.pathname).toBe('/workspace/stock/kpi');
    expect(new URLSearchParams(window.location.search).get('channel_id')).toBe('[1,4]');
    expect(window.history.state).toEqual({ idx: 3 });
    stop();
  });

  it('moves the dates of a crawl-linked screen to the last crawl when it is not today, unless a link pins them', () => {
    const env = { today: TODAY, crawlType: 'product' as const, crawlDates: { product: '2026-11-20' } };
    expect(createScreenStore('stock', 'kpi', { datePreset: 'today' }, env).filters.end_date).toBe(
      '2026-11-20',
    );
    const linked = createScreenStore(
      'stock',
      'kpi',
      { datePreset: 'today' },
      { ...env, search: '?start_date=2026-11-22&end_date=2026-11-22' },
    );
    expect(linked.filters.end_date).toBe(TODAY);
  });

  it('any change bumps the scroll token so the grid scrolls back to the top', () => {
    const store = createScreenStore('stock', 'data', { limit: 10 }, { today: TODAY });
    const before = store.scrollToken;
    screenActions.setOrder(store, 'sku_name', 'asc');
    expect(store.scrollToken).toBe(before + 1);
    screenActions.showMore(store, 'grid');
    expect(store.scrollToken).toBe(before + 1);
    expect(store.pages).toEqual({ grid: 10 });
  });
});
