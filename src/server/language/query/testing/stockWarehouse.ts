import { afterAll, beforeAll } from 'vitest';
import type { TestWarehouse } from '../../../platform/warehouse/testing/testWarehouses.js';
import type { Warehouse } from '../../../platform/warehouse/warehouse.js';
import { loadStockFixture } from './stockFixture.js';

/**
 * For a `describe.each(TEST_WAREHOUSES)` block: opens that engine's warehouse with the stock
 * fixture before the block's tests and drops it after them. Read `.wh` in a test or hook.
 */
export function stockWarehouse(open: () => Promise<TestWarehouse>): { readonly wh: Warehouse } {
  let opened: TestWarehouse | undefined;
  beforeAll(async () => {
    opened = await open();
    await loadStockFixture(opened.wh);
  });
  afterAll(() => opened?.drop());
  return {
    get wh() {
      if (!opened) throw new Error('the stock warehouse opens in beforeAll: read it inside a test');
      return opened.wh;
    },
  };
}
