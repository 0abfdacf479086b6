import { expect, it } from 'vitest';
import { ON_PROMO_EXISTS } from '../../../src/server/platform/warehouse/schema/stockOnPromo.js';
import { lastDays, num, type Market } from './market.js';

const COUNTS = ['promo_observations', 'promo_in_stock', 'promo_out_of_stock', 'promo_delisted'] as const;

/**
 * Stock x promotion (stock/promotions/stats): the stored fact_stock.on_promo is the EXISTS
 * definition, the tiles are the by-brand grid's sums, and both are the raw count over the facts.
 */
export function stockPromoInvariants(market: () => Market): void {
  it('stock on promotion: fact_stock.on_promo is exactly "a running promotion row for the same key"', async () => {
    const wh = market().server.server.app.deps.warehouse;
    // Two filters, not one CASE: PostgreSQL then joins instead of probing per row.
    const [r] = await wh.query<{ wrong: number; on: number; n: number }>(
      `SELECT (SELECT COUNT(*) FROM fact_stock s WHERE s.on_promo = 1 AND NOT ${ON_PROMO_EXISTS})
            + (SELECT COUNT(*) FROM fact_stock s WHERE s.on_promo = 0 AND ${ON_PROMO_EXISTS}) AS wrong,
              (SELECT SUM(on_promo) FROM fact_stock) AS "on", (SELECT COUNT(*) FROM fact_stock) AS n`,
    );
    expect(Number(r!.wrong)).toBe(0);
    expect(Number(r!.on)).toBeGreaterThan(0);
    expect(Number(r!.on)).toBeLessThan(Number(r!.n));
  });

  it('stock/promotions/stats: the tiles are the by-brand grid sums and the raw count over the facts', async () => {
    const m = market();
    const period = lastDays(m, 7);
    const [tiles] = (await m.rows('stock/promotions/stats', period)).rows;
    const brands = await m.allRows('stock/promotions/brands', period);
    expect(brands.length).toBeGreaterThan(1);
    for (const c of COUNTS) {
      expect(num(tiles, c), c).toBe(brands.reduce((sum, b) => sum + num(b, c), 0));
    }
    const inStock = num(tiles, 'promo_in_stock');
    const out = num(tiles, 'promo_out_of_stock');
    expect(out).toBeGreaterThan(0);
    expect(num(tiles, 'promo_availability_pct')).toBeCloseTo((inStock / (inStock + out)) * 100, 6);
    // Straight from the facts, without the stored column: the stock rows with a running promotion.
    const [raw] = await m.server.server.app.deps.warehouse.query<Record<string, number>>(
      `SELECT COUNT(*) AS promo_observations,
              SUM(CASE WHEN s.stock_status = 1 THEN 1 ELSE 0 END) AS promo_in_stock,
              SUM(CASE WHEN s.stock_status = 0 THEN 1 ELSE 0 END) AS promo_out_of_stock,
              SUM(CASE WHEN s.stock_status = 2 THEN 1 ELSE 0 END) AS promo_delisted
         FROM fact_stock s
        WHERE s.group_id = $1 AND s.crawl_date >= $2 AND s.crawl_date <= $3 AND ${ON_PROMO_EXISTS}`,
      [1, period.start_date, period.end_date],
    );
    for (const c of COUNTS) expect(num(tiles, c), c).toBe(Number(raw![c]));
  });
}
