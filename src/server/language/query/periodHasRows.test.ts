import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfigSnapshot } from '../config/loadConfigRegistry.js';
import { indexDataset } from '../model/datasetIndex.js';
import { TEST_WAREHOUSES, type TestWarehouse } from '../../platform/warehouse/testing/testWarehouses.js';
import { createSchema } from '../../platform/warehouse/schema/createSchema.js';
import { periodHasRows } from './periodHasRows.js';
import { insertRows } from './testing/factRows.js';

/** "No data last year": whether the group has any row of the dataset in a period, whatever the filters. */
const sales = indexDataset(loadConfigSnapshot('screens').datasets.get('sales')!);

describe.each(TEST_WAREHOUSES)('periodHasRows on %s', (_name, open) => {
  let t: TestWarehouse;
  beforeAll(async () => {
    t = await open();
    await createSchema(t.wh);
    // Group 1 sold on 10 November 2026, group 2 a year before.
    await insertRows(t.wh, 'fact_sales', [
      { group_id: 1, sale_date: '2026-11-10', units: 3, revenue: 300 },
      { group_id: 2, sale_date: '2025-11-10', units: 3, revenue: 300 },
    ]);
  });
  afterAll(async () => t.drop());

  const has = (groupId: number, start: string, end: string) =>
    periodHasRows(t.wh, sales, groupId, { start, end });

  it("is true when the period holds one of the group's rows, its first and last day included", async () => {
    expect(await has(1, '2026-11-10', '2026-11-10')).toBe(true);
    expect(await has(1, '2026-11-04', '2026-11-10')).toBe(true);
    expect(await has(1, '2026-11-10', '2026-11-16')).toBe(true);
  });

  it("is false before the group's history and for another group's rows", async () => {
    expect(await has(1, '2025-11-04', '2025-11-16')).toBe(false);
    expect(await has(1, '2026-11-11', '2026-11-17')).toBe(false);
    expect(await has(2, '2026-11-04', '2026-11-16')).toBe(false);
    expect(await has(2, '2025-11-04', '2025-11-16')).toBe(true);
  });
});
