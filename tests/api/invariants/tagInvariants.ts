import { expect, it } from 'vitest';
import { lastDays, num, type Market } from './market.js';

interface TagCount {
  tag_id: number;
  tag_name: string;
  in_stock: number;
  out_of_stock: number;
}

/**
 * Tag filter: the Tag options are the group's tags, and choosing one gives the stock KPI of
 * exactly the products carrying it (reference computed straight from the warehouse).
 */
export function tagInvariants(market: () => Market): void {
  it("tag: the options are the group's tags and each selects exactly its tagged products", async () => {
    const m = market();
    const period = lastDays(m, 7);
    const expected = await m.server.server.app.deps.warehouse.query<TagCount>(
      `SELECT t.tag_id, MIN(t.tag_name) AS tag_name,
              SUM(CASE WHEN s.stock_status = 1 THEN 1 ELSE 0 END) AS in_stock,
              SUM(CASE WHEN s.stock_status = 0 THEN 1 ELSE 0 END) AS out_of_stock
         FROM dim_product_tag t
         JOIN fact_stock s ON s.group_id = t.group_id AND s.product_id = t.product_id
        WHERE t.group_id = $1 AND s.crawl_date >= $2 AND s.crawl_date <= $3
        GROUP BY t.tag_id ORDER BY t.tag_id`,
      [1, period.start_date, period.end_date],
    );
    expect(expected.length).toBeGreaterThanOrEqual(4);
    const res = await m.client.get<Record<string, { key: number; name: string }[]>>('suggestion/tag', {
      screenName: 'stock/kpi',
      staticSize: 100,
      ...period,
    });
    expect(res.status, res.body.msg).toBe(200);
    const options = res.body.data!.tag!;
    expect(options.map((o) => [Number(o.key), o.name]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      expected.map((e) => [e.tag_id, e.tag_name]),
    );
    const all = (await m.rows('stock/products/stats', period)).rows[0]!;
    for (const e of expected) {
      const row = (await m.rows('stock/products/stats', { ...period, tag_id: e.tag_id })).rows[0]!;
      expect(num(row, 'in_stock'), e.tag_name).toBe(Number(e.in_stock));
      expect(num(row, 'out_of_stock'), e.tag_name).toBe(Number(e.out_of_stock));
      expect(num(row, 'in_stock')).toBeLessThan(num(all, 'in_stock'));
    }
  });
}
