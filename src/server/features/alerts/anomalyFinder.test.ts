import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfigSnapshot } from '../../language/config/loadConfigRegistry.js';
import { bulkInsert } from '../../platform/warehouse/bulkInsert.js';
import { createSchema } from '../../platform/warehouse/schema/createSchema.js';
import { tableColumns } from '../../platform/warehouse/schema/tableColumns.js';
import { TEST_WAREHOUSES, type TestWarehouse } from '../../platform/warehouse/testing/testWarehouses.js';
import type { AlertRuleRow } from './alertRepo.js';
import { findAnomalies, watchProblem } from './anomalyFinder.js';

const { datasets } = loadConfigSnapshot('screens');
const DAYS = 42;
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);

/** Brands 1..4 sell 100 a day (+20 on Sundays) with a fixed wobble; brands 1 and 2 spike on the last day. */
function units(brand: number, n: number): number {
  const base =
    100 + (new Date(Date.UTC(2026, 0, 1 + n)).getUTCDay() === 0 ? 20 : 0) + ((n * 7 + brand * 3) % 5) - 2;
  if (n === DAYS - 1 && brand === 1) return base + 60;
  if (n === DAYS - 1 && brand === 2) return base - 40;
  return base;
}

function rule(over: Partial<AlertRuleRow> = {}): AlertRuleRow {
  return {
    id: 9,
    group_id: 1,
    kind: 'anomaly',
    name: 'Units per brand',
    channel_id: null,
    threshold: 3.5,
    recipients: [],
    status: 'Active',
    created_by: null,
    created_at: new Date(),
    updated_at: new Date(),
    watch: JSON.stringify({ dataset: 'sales', measure: 'units', by: 'brand_id' }),
    ...over,
  };
}

describe.each(TEST_WAREHOUSES)('anomaly rules on %s', (_name, open) => {
  let t: TestWarehouse;
  beforeAll(async () => {
    t = await open();
    await createSchema(t.wh);
    const sales: unknown[][] = [];
    for (let brand = 1; brand <= 4; brand++)
      for (let n = 0; n < DAYS; n++) {
        sales.push([1, day(n), 1, brand, brand, 1, 0, units(brand, n), units(brand, n) * 10, 1, 0]);
        sales.push([2, day(n), 1, 50 + brand, brand, 1, 0, n === DAYS - 1 ? 5000 : 100, 1000, 1, 0]);
      }
    await bulkInsert(t.wh, 'fact_sales', tableColumns('fact_sales'), sales);
    await bulkInsert(
      t.wh,
      'dim_brand',
      tableColumns('dim_brand'),
      [1, 2, 3, 4].map((b) => [b, 1, `Brand ${b}`, 0]),
    );
  });
  afterAll(async () => t.drop());

  it('flags the members whose newest day leaves their band, with the band, the value and the method', async () => {
    const alerts = await findAnomalies(t.wh, rule(), datasets);
    expect(alerts.map((a) => a.title)).toEqual([
      'Anomaly: Units (reported + est.) of Brand 1',
      'Anomaly: Units (reported + est.) of Brand 2',
    ]);
    expect(alerts[0]).toMatchObject({
      kind: 'anomaly',
      dedupKey: `9:1:${day(DAYS - 1)}`,
      observedOn: day(DAYS - 1),
    });
    // Brand 1's Wednesdays sold 100.5 (median) with a spread of 2.97 (1.4826 x MAD): 100.5 ± 3.5 x 2.97.
    expect(alerts[0]!.message).toBe(
      'Units (reported + est.) of Brand 1 on 2026-02-11: 158, expected 90.12 to 110.88 (weekday median (4 weeks); z 19.4).',
    );
  });

  it('keeps to the per-rule cap and the rule group', async () => {
    const other = await findAnomalies(t.wh, rule({ group_id: 2 }), datasets);
    expect(other).toHaveLength(3); // four brands of group 2 spike; the cap is 3
    expect(other.every((a) => a.groupId === 2)).toBe(true);
  });

  it('names what a watch gets wrong', () => {
    expect(watchProblem({ dataset: 'sale', measure: 'units', by: 'brand_id' }, datasets)).toBe(
      'Unknown dataset "sale"',
    );
    expect(watchProblem({ dataset: 'sales', measure: 'unit', by: 'brand_id' }, datasets)).toBe(
      'Unknown measure "unit" of dataset "sales"',
    );
    expect(watchProblem({ dataset: 'sales', measure: 'units', by: 'brand' }, datasets)).toBe(
      'Unknown column dimension "brand" of dataset "sales"',
    );
  });
});
