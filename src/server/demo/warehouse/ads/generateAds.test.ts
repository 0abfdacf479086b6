import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_WAREHOUSES, type TestWarehouse } from '../../../platform/warehouse/testing/testWarehouses.js';
import { generateWarehouse } from '../generateWarehouse.js';
import { addDays } from '../calendar.js';
import { AD_DAYS } from './generateAds.js';

// Amazon and Flipkart (the ad channels) and Big Basket; a short shelf period, the ads' own 60 days.
const OPTIONS = {
  seed: 11,
  groups: [
    { groupId: 1, name: 'Demo Brands', skus: 60 },
    { groupId: 2, name: 'Rival Foods', skus: 20 },
  ],
  skusPerGroup: 60,
  channels: 3,
  cities: 4,
  days: 8,
  endDate: '2026-06-30',
};

describe.each(TEST_WAREHOUSES)('demo advertising on %s', (_name, open) => {
  let t: TestWarehouse;
  beforeAll(async () => {
    t = await open();
    await generateWarehouse(t.wh, OPTIONS);
  }, 120_000);
  afterAll(async () => t?.drop());

  const one = async <T>(sql: string): Promise<T> => (await t.wh.query<T>(sql))[0]!;

  it('writes 60 days of ads for the own brands only, on the ad channels', async () => {
    const r = await one<{ days: number; competitors: number; channels: number; groups: number }>(
      `SELECT COUNT(DISTINCT ad_date) AS days, SUM(is_competitor) AS competitors,
         COUNT(DISTINCT channel_id) AS channels, COUNT(DISTINCT group_id) AS groups FROM fact_ad_daily`,
    );
    expect(r).toEqual({ days: AD_DAYS, competitors: 0, channels: 2, groups: 2 });
  });

  it('every own brand and ad channel has a display order live today, delivering on each of the last 7 days', async () => {
    const r = await one<{ pairs: number; live: number; short_days: number }>(
      `WITH pairs AS (SELECT DISTINCT group_id, channel_id, brand_id FROM dim_display_ro),
       live AS (SELECT DISTINCT group_id, channel_id, brand_id FROM dim_display_ro
                WHERE ro_status = 'Live' AND end_date >= DATE '${OPTIONS.endDate}'),
       days AS (SELECT group_id, channel_id, brand_id, COUNT(DISTINCT ad_date) AS n FROM fact_display_daily
                WHERE ad_date > DATE '${addDays(OPTIONS.endDate, -7)}' GROUP BY 1, 2, 3)
       SELECT (SELECT COUNT(*) FROM pairs) AS pairs, (SELECT COUNT(*) FROM live) AS live,
         (SELECT COUNT(*) FROM pairs p LEFT JOIN days d USING (group_id, channel_id, brand_id)
          WHERE COALESCE(d.n, 0) < 7) AS short_days`,
    );
    expect(Number(r.pairs)).toBeGreaterThan(0);
    expect(Number(r.live)).toBe(Number(r.pairs));
    expect(Number(r.short_days)).toBe(0);
  });

  it('converts better on tighter match types', async () => {
    const rows = await t.wh.query<{ match_type: string; ctr: number; cvr: number }>(
      `SELECT match_type, SUM(clicks) * 1.0 / SUM(impressions) AS ctr, SUM(orders) * 1.0 / SUM(clicks) AS cvr
       FROM fact_ad_daily GROUP BY match_type`,
    );
    const by = Object.fromEntries(rows.map((r) => [r.match_type, r]));
    expect(by.Exact!.ctr).toBeGreaterThan(by.Broad!.ctr);
    expect(by.Exact!.cvr).toBeGreaterThan(by.Broad!.cvr);
  });

  it('hourly rows add up to the daily rows of each campaign and day', async () => {
    const r = await one<{ mismatches: number; days: number }>(
      `SELECT COUNT(*) FILTER (WHERE d.clicks <> h.clicks OR d.orders <> h.orders OR d.impressions <> h.impressions
           OR ABS(d.spend - h.spend) > 0.05) AS mismatches, COUNT(*) AS days
       FROM (SELECT campaign_id, ad_date, SUM(clicks) AS clicks, SUM(orders) AS orders,
               SUM(impressions) AS impressions, SUM(spend) AS spend
             FROM fact_ad_daily GROUP BY campaign_id, ad_date) d
       JOIN (SELECT campaign_id, ad_date, SUM(clicks) AS clicks, SUM(orders) AS orders,
               SUM(impressions) AS impressions, SUM(spend) AS spend
             FROM fact_ad_hourly GROUP BY campaign_id, ad_date) h
         ON h.campaign_id = d.campaign_id AND h.ad_date = d.ad_date`,
    );
    expect(r.days).toBeGreaterThan(100);
    expect(r.mismatches).toBe(0);
  });

  it('runs out of budget in the afternoon and evening, and stays out for the day', async () => {
    const r = await one<{ capped: number; earliest: number; reopened: number }>(
      `SELECT COUNT(*) AS capped, MIN(ad_hour) AS earliest,
         (SELECT COUNT(*) FROM fact_ad_hourly a JOIN fact_ad_hourly b
            ON b.campaign_id = a.campaign_id AND b.ad_date = a.ad_date AND b.ad_hour = a.ad_hour + 1
          WHERE a.budget_capped = 1 AND b.budget_capped = 0) AS reopened
       FROM fact_ad_hourly WHERE budget_capped = 1`,
    );
    expect(r.capped).toBeGreaterThan(0);
    expect(r.earliest).toBeGreaterThanOrEqual(10);
    expect(r.reopened).toBe(0);
  });

  it("flags ad rows from the shelf facts of the same product, channel and day (organic rank: the product's own)", async () => {
    const r = await one<{
      oos_wrong: number;
      organic_wrong: number;
      rank_wrong: number;
      organic: number;
      violation_wrong: number;
      oos: number;
    }>(
      `SELECT
         SUM(CASE WHEN (a.oos_city_share > 0) <> COALESCE(s.not_buyable > 0, FALSE) THEN 1 ELSE 0 END) AS oos_wrong,
         SUM(CASE WHEN (a.organic_first_page = 1) <> EXISTS (SELECT 1 FROM fact_search f
             WHERE f.group_id = a.group_id AND f.channel_id = a.channel_id AND f.crawl_date = a.ad_date
               AND f.keyword_id = a.keyword_id AND f.product_id = a.product_id AND f.page = 1
               AND f.slot_type = 'organic') THEN 1 ELSE 0 END) AS organic_wrong,
         SUM(CASE WHEN a.organic_rank <> COALESCE((SELECT MIN(f.overall_position) FROM fact_search f
             WHERE f.group_id = a.group_id AND f.channel_id = a.channel_id AND f.crawl_date = a.ad_date
               AND f.keyword_id = a.keyword_id AND f.product_id = a.product_id
               AND f.slot_type = 'organic'), 0) THEN 1 ELSE 0 END) AS rank_wrong,
         SUM(CASE WHEN a.organic_first_page = 1 THEN 1 ELSE 0 END) AS organic,
         SUM(CASE WHEN (a.price_violation = 1) <> EXISTS (SELECT 1 FROM fact_price p
             WHERE p.group_id = a.group_id AND p.channel_id = a.channel_id AND p.crawl_date = a.ad_date
               AND p.product_id = a.product_id AND p.violation_type IN (1, 2, 3)) THEN 1 ELSE 0 END)
           AS violation_wrong,
         SUM(CASE WHEN a.oos_city_share > 0 THEN 1 ELSE 0 END) AS oos
       FROM fact_ad_daily a
       LEFT JOIN (SELECT group_id, product_id, channel_id, crawl_date,
                    SUM(CASE WHEN stock_status <> 1 THEN 1 ELSE 0 END) AS not_buyable
                  FROM fact_stock GROUP BY group_id, product_id, channel_id, crawl_date) s
         ON s.group_id = a.group_id AND s.product_id = a.product_id AND s.channel_id = a.channel_id
           AND s.crawl_date = a.ad_date`,
    );
    expect(r).toMatchObject({ oos_wrong: 0, organic_wrong: 0, rank_wrong: 0, violation_wrong: 0 });
    expect(r.oos).toBeGreaterThan(0);
    expect(r.organic).toBeGreaterThan(0);
  });

  it('keeps every ad id inside its tenant', async () => {
    const r = await one<{ crossed: number }>(
      `SELECT COUNT(*) AS crossed FROM fact_ad_daily a JOIN dim_ad_campaign c ON c.campaign_id = a.campaign_id
       WHERE c.group_id <> a.group_id`,
    );
    expect(r.crossed).toBe(0);
  });
});
