import { expect, it } from 'vitest';
import { lastDays, num, type Market } from './market.js';

/** Price: above MRP is a kind of Max violation; bands run -20% ... +20%; competitors are paired. */
export function priceInvariants(market: () => Market): void {
  it('price: every above-MRP observation is a Max violation, in total and per brand', async () => {
    const m = market();
    const period = lastDays(m, 30);
    const { rows } = await m.rows('price/kpi/stats', period);
    expect(num(rows[0], 'above_mrp')).toBeGreaterThan(0);
    expect(num(rows[0], 'above_mrp')).toBeLessThanOrEqual(num(rows[0], 'max_violations'));
    const brands = await m.allRows('price/data/violation/summary', period);
    expect(brands.length).toBeGreaterThan(3);
    for (const b of brands)
      expect(num(b, 'above_mrp'), String(b.brand_name)).toBeLessThanOrEqual(num(b, 'max_violations'));
  });

  it('price: variation bands come in band order (-20% ... +20%), in the data and on the chart', async () => {
    const m = market();
    const { rows } = await m.rows('price/kpi/variation', lastDays(m, 7));
    const bands = rows.map((r) => num(r, 'variation_band'));
    expect(bands).toEqual([...bands].sort((a, b) => a - b));
    expect(new Set(rows.map((r) => num(r, 'observations'))).size).toBeGreaterThan(1);
    const chart = m.snapshot.screens
      .get('price/kpi')!
      .widgets.find((w) => w.kind === 'chart' && w.query === 'bands') as { spec: Record<string, unknown> };
    const encoding = chart.spec.encoding as Record<string, { field?: string; sort?: unknown }>;
    const bandAxis = Object.values(encoding).find((e) => e.field === 'variation_band_name')!;
    // Vega-Lite sorts a nominal axis alphabetically unless told: it must follow the band number.
    expect(bandAxis.sort).toEqual({ field: 'variation_band', order: 'ascending' });
  });

  it('price: the competitors grid pairs each own product with its mapped competitor products', async () => {
    const m = market();
    const period = lastDays(m, 7);
    const rows = await m.allRows('product/competitors', period);
    expect(rows.length).toBeGreaterThan(5);
    const wh = m.server.server.app.deps.warehouse;
    const pairs = new Set(
      (
        await wh.query<{ p: number; c: number }>(
          'SELECT product_id AS p, competitor_product_id AS c FROM dim_product_competitor WHERE group_id = $1',
          [1],
        )
      ).map((r) => `${r.p}:${r.c}`),
    );
    for (const r of rows) {
      expect(pairs.has(`${num(r, 'own_product_id')}:${num(r, 'product_id')}`), JSON.stringify(r)).toBe(true);
      expect(typeof r.own_sku_name).toBe('string');
    }
    // Some own product is shown against more than one competitor.
    const perOwn = new Map<number, number>();
    for (const r of rows)
      perOwn.set(num(r, 'own_product_id'), (perOwn.get(num(r, 'own_product_id')) ?? 0) + 1);
    expect(Math.max(...perOwn.values())).toBeGreaterThan(1);
  });
}
