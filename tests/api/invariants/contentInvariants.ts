import { expect, it } from 'vitest';
import { lastDays, num, sum, type Market } from './market.js';

/** Content: bands, average and grid are the same audits; counts are whole numbers. */
export function contentInvariants(market: () => Market): void {
  it('content: bands add up to the audits; the grid averages back to the KPI; counts are integers', async () => {
    const m = market();
    const period = lastDays(m, 7);
    const kpi = (await m.rows('content/data/stats', period)).rows[0]!;
    const grid = await m.allRows('content/listBeta', period);
    const audits = sum(grid, 'audits');
    expect(num(kpi, 'high_band') + num(kpi, 'medium_band') + num(kpi, 'low_band')).toBe(audits);
    const weighted = grid.reduce((a, r) => a + num(r, 'content_score') * num(r, 'audits'), 0) / audits;
    expect(weighted).toBeCloseTo(num(kpi, 'content_score'), 6);
    for (const r of grid) {
      expect(Number.isInteger(num(r, 'image_count')), 'image_count').toBe(true);
      expect(Number.isInteger(num(r, 'bullet_count')), 'bullet_count').toBe(true);
    }
    // Sorted low to high, the grid starts at the lowest real scores, not a block of zeros.
    const lowest = (
      await m.rows('content/listBeta', { ...period, order_by: 'content_score', order_type: 'asc', limit: 10 })
    ).rows;
    // A row's score is the average of its audits, a float sum: on PostgreSQL audits that all
    // scored 40.7 once averaged to 40.699999999999996, a unit in the last place under the lowest.
    expect(num(lowest[0], 'content_score')).toBeGreaterThanOrEqual(num(kpi, 'min_score') - 1e-9);
    expect(lowest.some((r) => num(r, 'content_score') > 0)).toBe(true);
  });
}
