import { describe, expect, it } from 'vitest';
import { TEST_WAREHOUSES } from '../../platform/warehouse/testing/testWarehouses.js';
import { parseDataRequest } from '../../language/query/dataRequest.js';
import { stockContexts } from '../../language/query/testing/stockContext.js';
import { stockWarehouse } from '../../language/query/testing/stockWarehouse.js';
import type { CompareTo } from '../../../shared/insights/previousPeriod.js';
import { explainPlan, explanationOf } from './explainChange.js';
import { eachPeriodRows, explainRows } from './explainRows.js';

const { ctx } = stockContexts();
const kpi = ctx('kpi', 'stats');
// 2 and 3 January against 31 December and 1 January: the fixture's day 1 alone before.
const DAYS = { start_date: '2026-01-02', end_date: '2026-01-03' };

describe.each(TEST_WAREHOUSES)('an explanation read on %s', (_name, open) => {
  const stock = stockWarehouse(open);

  /** The product's read and the two-query read of the same plan, with each one's explanation. */
  async function bothWays(measure: string, by: string, params: Record<string, string> = {}, to?: CompareTo) {
    const request = parseDataRequest(kpi, { ...DAYS, ...params });
    const plan = explainPlan({ ctx: kpi, request, groupId: 1, measure, by, ...(to ? { to } : {}) });
    const read = await explainRows(stock.wh, plan);
    const apart = await eachPeriodRows(stock.wh, plan);
    return { read, apart, explained: explanationOf(plan, read), alone: explanationOf(plan, apart) };
  }

  it('one statement for a count and a ratio, the same rows and split as each period alone', async () => {
    // Out of stock by channel: Amazon 2 (both listings on the 2nd) against 1 (Nivea on the 1st).
    const count = await bothWays('out_of_stock', 'channel_id');
    expect(count.read.statements).toBe(1);
    expect(count.read.current).toEqual(count.apart.current);
    expect(count.read.previous).toEqual(count.apart.previous);
    expect(count.explained).toEqual(count.alone);
    expect(count.explained).toMatchObject({ current: 2, previous: 1, change: 1 });
    expect(count.explained.contributions).toEqual([
      { key: '1', label: 'Amazon', effect: 'member', value: 1 },
    ]);
    // Availability by city: Mumbai 2 of 4 and Delhi 1 of 1 (60%) against 1 of 2 and 1 of 1 (2/3).
    const ratio = await bothWays('availability_pct', 'city_id');
    expect(ratio.read.statements).toBe(1);
    expect(ratio.read.current).toEqual(ratio.apart.current);
    expect(ratio.read.previous).toEqual(ratio.apart.previous);
    expect(ratio.explained).toEqual(ratio.alone);
    expect(ratio.explained.current).toBeCloseTo(60, 9);
    expect(ratio.explained.previous).toBeCloseTo(200 / 3, 9);
    expect(ratio.explained.contributions.length).toBeGreaterThan(1);
  });

  it('one statement under a filter: only the filtered members, as each period alone', async () => {
    // Amazon is in Mumbai only: out of stock 2 there against 1.
    const one = await bothWays('out_of_stock', 'city_id', { channel_id: '1' });
    expect(one.read.statements).toBe(1);
    expect(one.read).toEqual({ ...one.apart, statements: 1 });
    expect(one.explained.contributions).toEqual([{ key: '10', label: 'Mumbai', effect: 'member', value: 1 }]);
  });

  it('two queries for lost sales and for last year, which one scan cannot answer', async () => {
    const lost = await bothWays('lost_sales', 'city_id');
    expect(lost.read.statements).toBe(2);
    expect(lost.explained).toEqual(lost.alone);
    const lastYear = await bothWays('out_of_stock', 'channel_id', {}, 'last_year');
    expect(lastYear.read.statements).toBe(2);
    expect(lastYear.explained.previousPeriod).toEqual({ start: '2025-01-02', end: '2025-01-03' });
  });
});
