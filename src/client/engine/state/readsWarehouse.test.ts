import { describe, expect, it } from 'vitest';
import { stockDataScreen } from '../fixtures/stockScreens.js';
import { readsWarehouse } from './readsWarehouse.js';

describe('readsWarehouse', () => {
  it('is true for a monitoring screen and false for a screen of forms only', () => {
    expect(readsWarehouse(stockDataScreen)).toBe(true);
    expect(
      readsWarehouse({
        widgets: [{ kind: 'form', id: 'account', mutation: 'create' }],
      } as unknown as Parameters<typeof readsWarehouse>[0]),
    ).toBe(false);
  });

  it('is true for a widget-less query only when the screen declares dates or filters', () => {
    const bare = { widgets: [] } as unknown as Parameters<typeof readsWarehouse>[0];
    expect(readsWarehouse(bare)).toBe(false);
    expect(readsWarehouse({ ...bare, filters: stockDataScreen.filters })).toBe(true);
  });
});
