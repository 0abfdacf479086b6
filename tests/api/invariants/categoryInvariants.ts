import { expect, it } from 'vitest';
import { lastDays, num, sum, type Market } from './market.js';

/** Category: shares move from day to day; the KPI's ranked listings are the Data grid's rows. */
export function categoryInvariants(market: () => Market): void {
  it('category: own share and top-10 share move over 30 days', async () => {
    const m = market();
    const { rows } = await m.rows('category/trend/weekly', lastDays(m, 30));
    expect(rows.length).toBeGreaterThanOrEqual(29);
    for (const field of ['own_share', 'top10_pct']) {
      const values = rows.map((r) => num(r, field).toFixed(1));
      expect(new Set(values).size, field).toBeGreaterThan(5);
    }
  });

  it('category: the KPI counts the listings the Data grid lists, for the same day and filters', async () => {
    const m = market();
    for (const params of [
      lastDays(m, 1),
      { ...lastDays(m, 1), is_competitor: 0 },
      { ...lastDays(m, 1), channel_id: 1 },
    ]) {
      const kpi = (await m.rows('category/visibility/count', params)).rows[0];
      const grid = await m.allRows('category/assortment/list', params);
      expect(sum(grid, 'listings'), JSON.stringify(params)).toBe(num(kpi, 'listings'));
      expect(sum(grid, 'top10')).toBe(num(kpi, 'top10'));
      expect(new Set(grid.map((r) => r.product_id)).size).toBe(num(kpi, 'sku_count'));
    }
  });
}
