import { expect, it } from 'vitest';
import { lastDays, num, type Market } from './market.js';

interface Listing {
  product_id: number;
  channel_id: number;
  in_stock: number;
  listed: number;
}

/**
 * Stock: the status filter picks the listings (product x channel x city) whose status on the
 * period's last crawl is the one chosen; their rows keep their whole period's availability.
 */
export function stockInvariants(market: () => Market): void {
  it('stock: "Out Of Stock" selects listings out of stock on the last crawl and shows their real availability', async () => {
    const m = market();
    const period = lastDays(m, 7);
    const rows = await m.allRows('stock/data', { ...period, stock_status: 0 });
    // Reference straight from the warehouse: the listings out of stock on the last day, and their
    // in-stock / listed observations over the whole period, per product and channel.
    const expected = await m.server.server.app.deps.warehouse.query<Listing>(
      `SELECT s.product_id, s.channel_id,
              SUM(CASE WHEN s.stock_status = 1 THEN 1 ELSE 0 END) AS in_stock,
              SUM(CASE WHEN s.stock_status IN (0, 1) THEN 1 ELSE 0 END) AS listed
         FROM fact_stock s
         JOIN (SELECT product_id, channel_id, city_id FROM fact_stock
                WHERE group_id = $1 AND crawl_date = $3 AND stock_status = 0) o
           ON o.product_id = s.product_id AND o.channel_id = s.channel_id AND o.city_id = s.city_id
        WHERE s.group_id = $1 AND s.crawl_date >= $2 AND s.crawl_date <= $3
        GROUP BY s.product_id, s.channel_id`,
      [1, period.start_date, period.end_date],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.length).toBe(expected.length);
    const byKey = new Map(expected.map((e) => [`${e.product_id}:${e.channel_id}`, e]));
    for (const r of rows) {
      const e = byKey.get(`${num(r, 'product_id')}:${num(r, 'channel_id')}`)!;
      expect(e, JSON.stringify(r)).toBeDefined();
      expect(num(r, 'in_stock')).toBe(e.in_stock);
      expect(num(r, 'availability_pct')).toBeCloseTo((e.in_stock / e.listed) * 100, 6);
    }
    // Stock-outs mostly last a day or two: over a week these listings were in stock most days.
    expect(rows.filter((r) => num(r, 'availability_pct') > 0).length).toBeGreaterThan(rows.length / 2);
  });

  it('stock: the status filters partition the listings of the last crawl', async () => {
    const m = market();
    const period = lastDays(m, 7);
    const counts = await Promise.all(
      [1, 0, 2].map(
        async (s) => (await m.rows('stock/data', { ...period, stock_status: s, limit: 1 })).total,
      ),
    );
    const [{ n }] = (await m.server.server.app.deps.warehouse.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM (SELECT DISTINCT product_id, channel_id, stock_status FROM fact_stock
        WHERE group_id = $1 AND crawl_date = $2) t`,
      [1, period.end_date],
    )) as [{ n: number }];
    expect(counts.reduce((a, b) => a + b, 0)).toBe(n);
  });
}
