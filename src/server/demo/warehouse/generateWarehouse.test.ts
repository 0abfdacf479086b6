import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDuckDbWarehouse } from '../../platform/warehouse/duckdb/duckDbWarehouse.js';
import { createPgTestWarehouse } from '../../platform/warehouse/testing/pgTestWarehouse.js';
import { fingerprint } from '../../platform/warehouse/testing/fingerprint.js';
import { deriveNewViolations } from '../../platform/warehouse/schema/newViolations.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { generateWarehouse, type GenerateOptions } from './generateWarehouse.js';

const SMALL: GenerateOptions = {
  seed: 7,
  groups: [
    { groupId: 1, name: 'Demo Brands', skus: 30 },
    { groupId: 2, name: 'Rival Foods', skus: 15 },
  ],
  skusPerGroup: 30,
  channels: 3,
  cities: 4,
  days: 6,
  endDate: '2026-03-31',
};

async function smallOnDuckDb(options: GenerateOptions): Promise<Record<string, unknown>> {
  const wh = await createDuckDbWarehouse(':memory:');
  try {
    await generateWarehouse(wh, options);
    return await fingerprint(wh);
  } finally {
    await wh.close();
  }
}

describe('generateWarehouse determinism', () => {
  it('gives the same rows for the same seed, other rows for another seed', async () => {
    const a = await smallOnDuckDb(SMALL);
    const b = await smallOnDuckDb(SMALL);
    const c = await smallOnDuckDb({ ...SMALL, seed: 8 });
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('writes the same rows from its worker thread as from this one', async () => {
    // Per table: row count and an order-free hash of every row (NULLs, dates and doubles
    // included), which the fingerprint's sums would not tell apart.
    const rowHashes = async (options: GenerateOptions) => {
      const wh = await createDuckDbWarehouse(':memory:');
      try {
        const result = await generateWarehouse(wh, options);
        const hashes: Record<string, unknown> = {};
        for (const table of Object.keys(result.rows)) {
          hashes[table] = await wh.query(
            `SELECT COUNT(*) AS n, CAST(bit_xor(hash(t)) AS VARCHAR) AS h FROM ${table} t`,
          );
        }
        return { rows: result.rows, hashes };
      } finally {
        await wh.close();
      }
    };
    const options = { ...SMALL, channels: 2, cities: 3, days: 4 };
    // Small batches: many in flight, so the worker also waits for the writer.
    const inWorker = await rowHashes({ ...options, worker: true, flushRows: 2_000 });
    expect(inWorker).toEqual(await rowHashes({ ...options, worker: false }));
    expect(Object.keys(inWorker.rows).length).toBeGreaterThan(30);
  }, 240_000);

  it('regenerating a group replaces its rows instead of duplicating them', async () => {
    const wh = await createDuckDbWarehouse(':memory:');
    await generateWarehouse(wh, SMALL);
    const once = await fingerprint(wh);
    await generateWarehouse(wh, SMALL);
    expect(await fingerprint(wh)).toEqual(once);
    await wh.close();
  });

  it('loads the same rows into PostgreSQL as into DuckDB', async () => {
    const pg = await createPgTestWarehouse();
    try {
      const result = await generateWarehouse(pg.wh, SMALL);
      expect(result.rows.fact_stock).toBeGreaterThan(0);
      expect(await fingerprint(pg.wh)).toEqual(await smallOnDuckDb(SMALL));
    } finally {
      await pg.drop();
    }
  });
});

describe('generated demo shapes', () => {
  let wh: Warehouse;
  const one = async <T>(sql: string, params: unknown[] = []) => (await wh.query<T>(sql, params))[0]!;

  beforeAll(async () => {
    wh = await createDuckDbWarehouse(':memory:');
    await generateWarehouse(wh, {
      ...SMALL,
      groups: [
        { groupId: 1, name: 'Demo Brands', skus: 150 },
        { groupId: 2, name: 'Rival Foods', skus: 40 },
      ],
      channels: 5,
      cities: 12,
      days: 21,
    });
  }, 240_000);
  afterAll(() => wh.close());

  it('has the spec channels and 10+ cities in four zones', async () => {
    const channels = await wh.query<{ channel_id: number; channel_name: string }>(
      'SELECT channel_id, channel_name FROM dim_channel ORDER BY channel_id',
    );
    expect(channels.slice(0, 3)).toEqual([
      { channel_id: 1, channel_name: 'Amazon' },
      { channel_id: 4, channel_name: 'Flipkart' },
      { channel_id: 49, channel_name: 'Big Basket Mobile' },
    ]);
    expect(channels.length).toBe(5);
    const cities = await one<{ n: number; zones: number }>(
      'SELECT COUNT(*) AS n, COUNT(DISTINCT city_zone_name) AS zones FROM dim_city',
    );
    expect(cities).toEqual({ n: 12, zones: 4 });
  });

  it('clusters stock-outs by city, keeps delisting rare', async () => {
    const byCity = await wh.query<{ oos: number }>(
      `SELECT AVG(CASE WHEN stock_status = 0 THEN 1.0 ELSE 0 END) AS oos
       FROM fact_stock WHERE group_id = 1 GROUP BY city_id ORDER BY oos`,
    );
    expect(byCity.at(-1)!.oos).toBeGreaterThan(2 * byCity[0]!.oos);
    const byWeekday = await wh.query<{ dow: number; oos: number }>(
      `SELECT CAST(EXTRACT(DOW FROM crawl_date) AS INTEGER) AS dow,
              AVG(CASE WHEN stock_status = 0 THEN 1.0 ELSE 0 END) AS oos
       FROM fact_stock GROUP BY 1 ORDER BY 1`,
    );
    expect(byWeekday[0]!.oos).toBeGreaterThan(byWeekday[3]!.oos); // Sunday vs Wednesday
    const delisted = await one<{ share: number }>(
      'SELECT AVG(CASE WHEN stock_status = 2 THEN 1.0 ELSE 0 END) AS share FROM fact_stock',
    );
    expect(delisted.share).toBeGreaterThan(0);
    expect(delisted.share).toBeLessThan(0.03);
  });

  it('prices around MRP, with some selling prices above MRP flagged as Max (or Max Min) violations', async () => {
    const above = await one<{ n: number; flagged: number }>(
      `SELECT COUNT(*) AS n, SUM(CASE WHEN violation_type IN (1, 3) AND is_above_mrp = 1 THEN 1 ELSE 0 END) AS flagged
       FROM fact_price WHERE selling_price > mrp`,
    );
    expect(above.n).toBeGreaterThan(0);
    expect(above.flagged).toBe(above.n);
    const types = await wh.query<{ v: number }>(
      'SELECT DISTINCT violation_type AS v FROM fact_price ORDER BY v',
    );
    expect(types.map((t) => t.v)).toEqual([1, 2, 3, 4, 5]);
    const bands = await one<{ lo: number; hi: number }>(
      'SELECT MIN(variation_band) AS lo, MAX(variation_band) AS hi FROM fact_price',
    );
    expect(bands).toEqual({ lo: 1, hi: 10 });
  });

  it('records dark stores on quick-commerce listings only, most but not all of them deep', async () => {
    const stores = await one<{
      qc_rows: number;
      other_stores: number;
      deep: number;
      shallow_in_stock: number;
    }>(
      `SELECT COUNT(*) FILTER (WHERE store_share IS NOT NULL) AS qc_rows,
              COUNT(*) FILTER (WHERE c.channel_kind <> 'Quick Commerce' AND (f.stores_total > 0 OR f.store_share IS NOT NULL)) AS other_stores,
              AVG(CASE WHEN store_share >= 0.8 THEN 1.0 ELSE 0.0 END) FILTER (WHERE store_share IS NOT NULL) AS deep,
              COUNT(*) FILTER (WHERE f.stock_status = 1 AND store_share < 0.8) AS shallow_in_stock
       FROM fact_stock f JOIN dim_channel c ON c.channel_id = f.channel_id`,
    );
    expect(stores.qc_rows).toBeGreaterThan(0);
    expect(stores.other_stores).toBe(0);
    expect(stores.deep).toBeGreaterThan(0.3);
    expect(stores.deep).toBeLessThan(0.9);
    expect(stores.shallow_in_stock).toBeGreaterThan(0);
  });

  it('runs a quick-commerce listing down store by store before most of its stock-outs', async () => {
    // Each stock-out on quick commerce after 4+ days in stock: did its share fall on each of the 3 days before?
    const outs = await one<{ n: number; gradual: number }>(
      `WITH s AS (
         SELECT stock_status,
           LAG(stock_status, 1) OVER w AS s1, LAG(stock_status, 4) OVER w AS s4,
           LAG(store_share, 1) OVER w AS p1, LAG(store_share, 2) OVER w AS p2, LAG(store_share, 3) OVER w AS p3
         FROM fact_stock f JOIN dim_channel c ON c.channel_id = f.channel_id
         WHERE c.channel_kind = 'Quick Commerce' AND f.stores_total > 0
         WINDOW w AS (PARTITION BY group_id, product_id, f.channel_id, city_id ORDER BY crawl_date)
       )
       SELECT COUNT(*) AS n, COUNT(*) FILTER (WHERE p1 < p2 AND p2 < p3) AS gradual
       FROM s WHERE stock_status = 0 AND s1 = 1 AND s4 = 1`,
    );
    expect(outs.n).toBeGreaterThan(20);
    expect(outs.gradual / outs.n).toBeGreaterThan(0.6);
  });

  it('puts live-tracked listings out of stock in their tracked city while their ads run by the hour', async () => {
    const out = await one<{ listings: number; spend: number }>(
      `SELECT COUNT(DISTINCT t.product_id) AS listings, COALESCE(SUM(h.spend), 0) AS spend
       FROM setup_live_tracking t
       JOIN fact_stock s ON s.group_id = t.group_id AND s.product_id = t.product_id
         AND s.channel_id = t.channel_id AND s.city_id = t.city_id AND s.stock_status = 0
       LEFT JOIN fact_ad_asin_hourly h ON h.group_id = t.group_id AND h.product_id = t.product_id
         AND h.channel_id = t.channel_id AND h.ad_date = s.crawl_date
       WHERE t.group_id = 1 AND s.crawl_date = (SELECT MAX(crawl_date) FROM fact_stock)`,
    );
    expect(out.listings).toBeGreaterThanOrEqual(3);
    expect(out.spend).toBeGreaterThan(0);
  });

  it('flags most violations of a day as carried over from the previous crawl, some as new', async () => {
    const v = await one<{ violations: number; fresh: number }>(
      `SELECT COUNT(*) FILTER (WHERE violation_type IN (1, 2, 3)) AS violations,
              SUM(is_new_violation) AS fresh
       FROM fact_price WHERE crawl_date = (SELECT MAX(crawl_date) FROM fact_price)`,
    );
    expect(v.fresh).toBeGreaterThan(0);
    expect(v.fresh / v.violations).toBeLessThan(0.6);
  });

  it('writes is_new_violation as the SQL derivation after a load does', async () => {
    const before = await one<{ n: number; fresh: number }>(
      'SELECT COUNT(*) AS n, SUM(is_new_violation) AS fresh FROM fact_price',
    );
    await deriveNewViolations(wh);
    const after = await one<{ n: number; fresh: number }>(
      'SELECT COUNT(*) AS n, SUM(is_new_violation) AS fresh FROM fact_price',
    );
    expect(before.fresh).toBeGreaterThan(0);
    expect(after).toEqual(before);
  });

  it('has every promo offer status and sponsored slots on page 1', async () => {
    const statuses = await wh.query<{ s: number }>(
      'SELECT DISTINCT offer_status AS s FROM fact_promo ORDER BY s',
    );
    expect(statuses.map((s) => s.s)).toEqual([0, 1, 2, 3, 4]);
    const page1 = await one<{ n: number }>(
      "SELECT COUNT(*) AS n FROM fact_search WHERE page = 1 AND slot_type = 'sponsored'",
    );
    expect(page1.n).toBeGreaterThan(0);
    const types = await wh.query('SELECT DISTINCT keyword_type FROM dim_keyword');
    expect(types).toHaveLength(5);
  });

  it('adds keywords to tracking over time, and moves the share of search of brands week to week', async () => {
    // 21 days ending 2026-03-31: every tenth keyword is tracked for the last 5 days only.
    const firstSeen = await wh.query<{ keyword_id: number; first: string }>(
      `SELECT keyword_id, MIN(crawl_date) AS first FROM fact_search WHERE group_id = 1
       GROUP BY keyword_id HAVING MIN(crawl_date) > DATE '2026-03-11' ORDER BY 1`,
    );
    expect(firstSeen.length).toBeGreaterThan(0);
    expect(new Set(firstSeen.map((k) => k.first))).toEqual(new Set(['2026-03-27']));
    // Own brands' page-1 share per week, position-weighted for organic slots: it moves by points.
    const weeks = await wh.query<{ slot_type: string; share: number }>(
      `SELECT slot_type, (crawl_date - DATE '2026-03-11') // 7 AS wk,
              SUM(CASE WHEN is_competitor = 0 THEN 21 - position ELSE 0 END) * 100.0 / SUM(21 - position) AS share
       FROM fact_search WHERE group_id = 1 AND page = 1 GROUP BY slot_type, wk`,
    );
    for (const slot of ['organic', 'sponsored']) {
      const shares = weeks.filter((w) => w.slot_type === slot).map((w) => w.share);
      expect(shares).toHaveLength(3);
      expect(Math.max(...shares) - Math.min(...shares), slot).toBeGreaterThan(2);
    }
  });

  it('keeps group 2 apart: none of its rows carry group 1 ids', async () => {
    const leaks = await one<{ n: number }>(
      `SELECT COUNT(*) AS n FROM fact_stock f
       WHERE f.group_id = 2 AND (
         f.product_id IN (SELECT product_id FROM dim_product WHERE group_id = 1)
         OR f.brand_id IN (SELECT brand_id FROM dim_brand WHERE group_id = 1)
         OR f.category_id IN (SELECT category_id FROM dim_category WHERE group_id = 1))`,
    );
    expect(leaks.n).toBe(0);
    for (const table of ['fact_price', 'fact_search', 'fact_review', 'fact_sales', 'fact_seller']) {
      const foreign = await one<{ n: number }>(
        `SELECT COUNT(*) AS n FROM ${table} f LEFT JOIN dim_product p ON p.product_id = f.product_id
         WHERE f.group_id = 2 AND (p.group_id IS NULL OR p.group_id <> 2)`,
      );
      expect(foreign.n, table).toBe(0);
    }
  });

  it("tags about two thirds of each group's products, with its own products and tag ids", async () => {
    const tags = await wh.query<{ group_id: number; tags: number; tagged: number; products: number }>(
      `SELECT t.group_id, COUNT(DISTINCT t.tag_id) AS tags, COUNT(DISTINCT t.product_id) AS tagged,
         (SELECT COUNT(*) FROM dim_product p WHERE p.group_id = t.group_id) AS products
       FROM dim_product_tag t GROUP BY t.group_id ORDER BY t.group_id`,
    );
    expect(tags.map((t) => t.group_id)).toEqual([1, 2]);
    for (const t of tags) {
      expect(t.tags).toBeGreaterThanOrEqual(4);
      expect(Number(t.tagged) / Number(t.products)).toBeGreaterThan(0.4);
      expect(Number(t.tagged)).toBeLessThan(Number(t.products));
    }
    const foreign = await one<{ n: number }>(
      `SELECT COUNT(*) AS n FROM dim_product_tag t JOIN dim_product p ON p.product_id = t.product_id
       WHERE p.group_id <> t.group_id OR t.tag_id - t.group_id * 1000 NOT BETWEEN 951 AND 955`,
    );
    expect(foreign.n).toBe(0);
  });

  it('moves the best-seller lists: tracked listings among untracked ones, their ranks and entries change over the weeks', async () => {
    // 20 sales days ending 2026-03-30: weeks 0-2 from 2026-03-11.
    const weeks = await wh.query<{ wk: number; own_per_day: number }>(
      `SELECT (crawl_date - DATE '2026-03-11') // 7 AS wk,
              COUNT(*) FILTER (WHERE is_competitor = 0) * 1.0 / COUNT(DISTINCT crawl_date) AS own_per_day
       FROM fact_bestseller WHERE group_id = 1 GROUP BY wk ORDER BY wk`,
    );
    expect(weeks).toHaveLength(3);
    const perDay = weeks.map((w) => Number(w.own_per_day));
    expect(Math.max(...perDay) - Math.min(...perDay)).toBeGreaterThan(1);
    const moved = await one<{ listings: number; moved: number; joined: number; left: number }>(
      `WITH w AS (SELECT DISTINCT channel_id, product_id, (crawl_date - DATE '2026-03-11') // 7 AS wk
                    FROM fact_bestseller WHERE group_id = 1)
       SELECT (SELECT COUNT(*) FROM (SELECT 1 FROM fact_bestseller WHERE group_id = 1 GROUP BY product_id, channel_id)) AS listings,
              (SELECT COUNT(*) FROM (SELECT 1 FROM fact_bestseller WHERE group_id = 1 GROUP BY product_id, channel_id
                                     HAVING MAX(bestseller_rank) - MIN(bestseller_rank) >= 5)) AS moved,
              (SELECT COUNT(*) FROM w a WHERE a.wk = 2 AND NOT EXISTS
                 (SELECT 1 FROM w b WHERE b.wk = 0 AND b.product_id = a.product_id AND b.channel_id = a.channel_id)) AS joined,
              (SELECT COUNT(*) FROM w a WHERE a.wk = 0 AND NOT EXISTS
                 (SELECT 1 FROM w b WHERE b.wk = 2 AND b.product_id = a.product_id AND b.channel_id = a.channel_id)) AS "left"`,
    );
    expect(Number(moved.moved)).toBeGreaterThan(Number(moved.listings) / 2);
    expect(Number(moved.joined)).toBeGreaterThan(0);
    expect(Number(moved.left)).toBeGreaterThan(0);
    // Untracked listings hold places: a list's ranks have gaps, and it is the top 50 at most.
    const lists = await one<{ gapped: number; lists: number; deepest: number }>(
      `SELECT COUNT(*) FILTER (WHERE deepest > n) AS gapped, COUNT(*) AS lists, MAX(deepest) AS deepest FROM (
         SELECT MAX(bestseller_rank) AS deepest, COUNT(*) AS n FROM fact_bestseller WHERE group_id = 1
         GROUP BY channel_id, category_id, crawl_date)`,
    );
    expect(Number(lists.gapped)).toBeGreaterThan(Number(lists.lists) / 2);
    expect(lists.deepest).toBeLessThanOrEqual(50);
  });

  it('lifts a listing on the best-seller lists on its promotion days and lowers it after days short of stock', async () => {
    // Per listing: its average rank on and off promotion, and with the last four days' stock
    // below 80% of its cities against fully in stock.
    const r = await one<{ promo: number; promo_better: number; short: number; short_worse: number }>(
      `WITH d AS (SELECT product_id, channel_id, crawl_date, MAX(on_promo) AS promo,
                         AVG(CASE WHEN stock_status = 1 THEN 1.0 ELSE 0 END) AS in_stock
                    FROM fact_stock WHERE group_id = 1 GROUP BY ALL),
            b AS (SELECT d.*, f.bestseller_rank AS r,
                         AVG(in_stock) OVER (PARTITION BY d.product_id, d.channel_id ORDER BY d.crawl_date
                                             ROWS BETWEEN 3 PRECEDING AND CURRENT ROW) AS recent
                    FROM d JOIN fact_bestseller f ON f.group_id = 1 AND f.product_id = d.product_id
                     AND f.channel_id = d.channel_id AND f.crawl_date = d.crawl_date),
            per AS (SELECT AVG(r) FILTER (WHERE promo = 1) - AVG(r) FILTER (WHERE promo = 0) AS promo_gap,
                           AVG(r) FILTER (WHERE recent < 0.8) - AVG(r) FILTER (WHERE recent = 1) AS short_gap
                      FROM b GROUP BY product_id, channel_id)
       SELECT COUNT(promo_gap) AS promo, COUNT(*) FILTER (WHERE promo_gap < 0) AS promo_better,
              COUNT(short_gap) AS short, COUNT(*) FILTER (WHERE short_gap > 0) AS short_worse FROM per`,
    );
    expect(Number(r.promo)).toBeGreaterThan(50);
    expect(Number(r.promo_better)).toBeGreaterThan(0.9 * Number(r.promo));
    expect(Number(r.short)).toBeGreaterThan(50);
    expect(Number(r.short_worse)).toBeGreaterThan(0.7 * Number(r.short));
  });

  it('scores content from what a listing has: no listing with images scores 0, and scores move over the days', async () => {
    const r = await one<{ zero_with_images: number; bad_band: number; moved: number; listings: number }>(
      `SELECT COUNT(*) FILTER (WHERE image_count > 0 AND content_score = 0) AS zero_with_images,
              COUNT(*) FILTER (WHERE content_band <> CASE WHEN content_score >= 80 THEN 'High'
                WHEN content_score >= 40 THEN 'Medium' ELSE 'Low' END) AS bad_band,
              COUNT(DISTINCT CASE WHEN content_score <> first_score THEN product_id * 100 + channel_id END) AS moved,
              COUNT(DISTINCT product_id * 100 + channel_id) AS listings
       FROM (SELECT *, FIRST_VALUE(content_score) OVER (PARTITION BY product_id, channel_id ORDER BY crawl_date) AS first_score
             FROM fact_content WHERE group_id = 1)`,
    );
    expect(r.zero_with_images).toBe(0);
    expect(r.bad_band).toBe(0);
    // About 2% of listings change a piece of content each day: over three weeks a third or so move.
    expect(r.moved).toBeGreaterThan(r.listings / 10);
  });

  it('records the last crawl date of each crawl type', async () => {
    const rows = await wh.query(
      'SELECT crawl_type, last_crawl_date FROM crawl_log WHERE group_id = $1 ORDER BY 1',
      [1],
    );
    expect(rows).toEqual([
      { crawl_type: 'best_seller', last_crawl_date: '2026-03-30' },
      { crawl_type: 'category', last_crawl_date: '2026-03-31' },
      { crawl_type: 'keyword', last_crawl_date: '2026-03-31' },
      { crawl_type: 'product', last_crawl_date: '2026-03-31' },
    ]);
  });
});

describe('category pages', () => {
  it('run past rank 50 on marketplaces, buyable listings first, ranks without gaps', async () => {
    const wh = await createDuckDbWarehouse(':memory:');
    try {
      await generateWarehouse(wh, {
        ...SMALL,
        groups: [{ groupId: 1, name: 'Demo Brands', skus: 500 }],
        channels: 2,
        cities: 2,
        days: 2,
      });
      const pages = await wh.query<{ n: number; deepest: number; after: number }>(
        `SELECT COUNT(*) AS n, MAX(r.category_rank) AS deepest,
                COUNT(*) FILTER (WHERE s.buyable = 0 AND r.category_rank < (
                  SELECT MAX(q.category_rank) FROM fact_category_rank q JOIN (
                    SELECT product_id, channel_id, crawl_date, MAX(CASE WHEN stock_status = 1 THEN 1 ELSE 0 END) AS buyable
                    FROM fact_stock GROUP BY ALL) t USING (product_id, channel_id, crawl_date)
                  WHERE t.buyable = 1 AND q.category_id = r.category_id AND q.channel_id = r.channel_id
                    AND q.crawl_date = r.crawl_date)) AS after
         FROM fact_category_rank r JOIN (
           SELECT product_id, channel_id, crawl_date, MAX(CASE WHEN stock_status = 1 THEN 1 ELSE 0 END) AS buyable
           FROM fact_stock GROUP BY ALL) s USING (product_id, channel_id, crawl_date)
         GROUP BY r.category_id, r.channel_id, r.crawl_date`,
      );
      expect(Math.max(...pages.map((p) => p.deepest))).toBeGreaterThan(50);
      expect(pages.every((p) => p.deepest === p.n && p.after === 0)).toBe(true);
    } finally {
      await wh.close();
    }
  });
});
