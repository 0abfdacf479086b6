/**
 * Advertising numbers over the real server and the demo tenant (both engines with API_TEST_PG=1):
 * tiles equal the totals of the grids under the same filters, ratios come from sums and stay in
 * range, the shelf x ads tiles equal their drill-downs, and the figures equal raw SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastDays, num, startMarket, sum, type Market, type Row } from '../invariants/market.js';

const close = (a: number, b: number, tolerance = 0.01) =>
  expect(Math.abs(a - b)).toBeLessThanOrEqual(tolerance);

describe('advertising screens', () => {
  let m: Market;
  beforeAll(async () => {
    m = await startMarket(42);
  }, 600_000);
  afterAll(async () => m?.close());
  const stats = async (endpoint: string, params: Record<string, string | number>): Promise<Row> =>
    (await m.rows(endpoint, params)).rows[0]!;

  it('KPI tiles equal the brand grid totals, and ratios are the ratios of those sums', async () => {
    const period = lastDays(m, 14);
    const tiles = await stats('ams/kpi/stats', period);
    const brands = (await m.rows('ams/kpi/brands', period)).rows;
    expect(brands.length).toBeGreaterThan(1);
    for (const f of ['spend', 'ad_sales', 'total_sales', 'clicks', 'impressions', 'ad_orders'])
      close(num(tiles, f), sum(brands, f), 0.05);
    close(num(tiles, 'acos'), (sum(brands, 'spend') / sum(brands, 'ad_sales')) * 100, 1e-6);
    // TACoS reads only the days both ads and total sales have: invariants/commonDaysInvariants.ts.
    close(num(tiles, 'roas'), sum(brands, 'ad_sales') / sum(brands, 'spend'), 1e-6);
  });

  it('KPI percentages are in range and read like a brand account', async () => {
    const t = await stats('ams/kpi/stats', lastDays(m, 14));
    expect(num(t, 'ctr')).toBeGreaterThan(0.1);
    expect(num(t, 'ctr')).toBeLessThan(3);
    expect(num(t, 'cvr')).toBeGreaterThan(3);
    expect(num(t, 'cvr')).toBeLessThan(25);
    expect(num(t, 'acos')).toBeGreaterThan(10);
    expect(num(t, 'acos')).toBeLessThan(80);
    expect(num(t, 'impression_share')).toBeGreaterThan(5);
    expect(num(t, 'impression_share')).toBeLessThanOrEqual(100);
    expect(num(t, 'tacos')).toBeGreaterThan(0);
    expect(num(t, 'tacos')).toBeLessThan(num(t, 'acos'));
    expect(num(t, 'ad_sales_share')).toBeGreaterThan(0);
    expect(num(t, 'ad_sales_share')).toBeLessThan(100);
  });

  it('the KPI spend equals the raw sum over fact_ad_daily for the tenant and period', async () => {
    const period = lastDays(m, 7);
    const t = await stats('ams/kpi/stats', period);
    const [raw] = await m.server.server.app.deps.warehouse.query<{ spend: number }>(
      'SELECT SUM(spend) AS spend FROM fact_ad_daily WHERE group_id = $1 AND ad_date >= $2 AND ad_date <= $3',
      [1, period.start_date, period.end_date],
    );
    close(num(t, 'spend'), raw!.spend, 0.05);
  });

  it('campaign tiles equal the campaign grid total under a channel filter', async () => {
    const params = { ...lastDays(m, 14), ams_channel_id: 1 };
    const tiles = await stats('ams/campaign/stats', params);
    const rows = await m.allRows('ams/campaign/performance', params);
    expect(rows.length).toBeGreaterThan(3);
    expect(new Set(rows.map((r) => r.channel_name))).toEqual(new Set(['Amazon']));
    close(num(tiles, 'spend'), sum(rows, 'spend'), 0.05);
    close(num(tiles, 'clicks'), sum(rows, 'clicks'));
  });

  it('keyword planner: tiles equal the keyword grid, the performance type filter splits the total', async () => {
    const period = lastDays(m, 30);
    const tiles = await stats('ams/planner/stats', period);
    const page = await m.rows('ams/planner/keywords', period);
    const keywords = await m.allRows('ams/planner/keywords', period);
    expect(page.total).toBe(num(tiles, 'ad_keywords'));
    expect(keywords.length).toBe(page.total);
    close(num(tiles, 'spend'), sum(keywords, 'spend'), 0.05);
    close(num(tiles, 'eligible_impressions'), sum(keywords, 'eligible_impressions'), 0.5);
    close(
      num(tiles, 'impression_share'),
      (sum(keywords, 'impressions') / sum(keywords, 'eligible_impressions')) * 100,
      1e-6,
    );
    // Rows come by search demand, each with the keyword's search volume (the planner's input).
    const demand = keywords.map((r) => num(r, 'eligible_impressions'));
    expect(demand).toEqual([...demand].sort((a, b) => b - a));
    for (const r of keywords.slice(0, 10)) expect(num(r, 'search_volume')).toBeGreaterThan(0);
    const chart = (await m.rows('ams/planner/map', period)).rows;
    expect(chart.map((r) => r.keyword_id)).toEqual(keywords.slice(0, chart.length).map((r) => r.keyword_id));
    const byType = await Promise.all(
      ['Sponsored Products', 'Sponsored Brands'].map((t) =>
        stats('ams/planner/stats', { ...period, performance_info_type: t }),
      ),
    );
    for (const t of byType) expect(num(t, 'spend')).toBeGreaterThan(0);
    close(num(byType[0], 'spend') + num(byType[1], 'spend'), num(tiles, 'spend'), 0.05);
  });

  it('buy box: tiles equal the listing grid and the flag equals the seller facts', async () => {
    const period = lastDays(m, 15);
    const tiles = await stats('ams/buybox/stats', period);
    const listings = await m.allRows('ams/buybox/asins', period);
    expect(num(tiles, 'buy_box_lost_spend')).toBeGreaterThan(0);
    expect(num(tiles, 'buy_box_lost_spend_pct')).toBeLessThan(100);
    close(num(tiles, 'spend'), sum(listings, 'spend'), 0.05);
    close(num(tiles, 'buy_box_lost_spend'), sum(listings, 'buy_box_lost_spend'), 0.05);
    expect(num(tiles, 'buy_box_lost_clicks')).toBe(sum(listings, 'buy_box_lost_clicks'));
    const lost = new Set(listings.filter((r) => num(r, 'buy_box_lost_spend') > 0).map((r) => r.asin));
    expect(num(tiles, 'buy_box_lost_listings')).toBe(lost.size);
    // The drill-down (the flag as a filter) holds exactly that spend.
    const flagged = await stats('ams/buybox/stats', { ...period, buy_box_lost: 1 });
    close(num(flagged, 'spend'), num(tiles, 'buy_box_lost_spend'), 0.05);
    // Raw: ad spend on product-days where only unauthorised sellers held the buy box.
    const [raw] = await m.server.server.app.deps.warehouse.query<{ spend: number }>(
      `SELECT SUM(a.spend) AS spend FROM fact_ad_daily a
        WHERE a.group_id = $1 AND a.ad_date >= $2 AND a.ad_date <= $3
          AND EXISTS (SELECT 1 FROM fact_seller s WHERE s.group_id = a.group_id AND s.product_id = a.product_id
            AND s.channel_id = a.channel_id AND s.crawl_date = a.ad_date AND s.has_buy_box = 1 AND s.is_auth = 0)`,
      [1, period.start_date, period.end_date],
    );
    close(num(tiles, 'buy_box_lost_spend'), Number(raw!.spend), 0.05);
  });

  it('tighter match types convert better (keyword analysis)', async () => {
    const rows = (await m.rows('ams/keyword/matchTypes', lastDays(m, 30))).rows;
    const by = new Map(rows.map((r) => [r.match_type, r]));
    expect(num(by.get('Exact'), 'cvr')).toBeGreaterThan(num(by.get('Broad'), 'cvr'));
    expect(num(by.get('Exact'), 'ctr')).toBeGreaterThan(num(by.get('Broad'), 'ctr'));
  });

  it('shelf x ads tiles equal their drill-downs', async () => {
    const period = lastDays(m, 14);
    const shelf = await stats('ams/shelf/stats', period);
    expect(num(shelf, 'oos_spend')).toBeGreaterThan(0);
    expect(num(shelf, 'organic_spend')).toBeGreaterThan(0);
    const organic = await stats('ams/keyword/stats', { ...period, organic_first_page: 1 });
    close(num(organic, 'spend'), num(shelf, 'organic_spend'), 0.05);
    const violation = await stats('ams/asin/stats', { ...period, price_violation: 1 });
    close(num(violation, 'spend'), num(shelf, 'violation_spend'), 0.05);
    const oos = await stats('ams/asin/stats', { ...period, listing_oos: 1 });
    close(num(oos, 'oos_spend'), num(shelf, 'oos_spend'), 0.05);
    expect(num(oos, 'spend')).toBeGreaterThanOrEqual(num(shelf, 'oos_spend'));
    for (const f of ['oos_spend_pct', 'organic_spend_pct', 'violation_spend_pct']) {
      expect(num(shelf, f)).toBeGreaterThan(0);
      expect(num(shelf, f)).toBeLessThan(100);
    }
  });

  it('real-time tracking adds up to the day and caps budgets in the evening', async () => {
    const day = { start_date: m.lastDate, end_date: m.lastDate };
    const hourly = await stats('ams/realtime/stats', day);
    const daily = await stats('ams/campaign/stats', day);
    close(num(hourly, 'spend'), num(daily, 'spend'), 0.05);
    close(num(hourly, 'clicks'), num(daily, 'clicks'));
    const hours = (await m.rows('ams/realtime/hours', lastDays(m, 7))).rows;
    expect(hours.map((r) => num(r, 'ad_hour'))).toEqual([...Array(24).keys()]);
    const capped = (h: number) => num(hours[h], 'capped_campaigns');
    expect(capped(21)).toBeGreaterThan(capped(9));
    expect(num(hours[20], 'spend')).toBeGreaterThan(num(hours[4], 'spend'));
  });

  it('display delivers close to the booking, bid history counts add up', async () => {
    const d = await stats('display/ro/stats', { start_date: '2000-01-01', end_date: m.lastDate });
    expect(num(d, 'booked_delivery_pct')).toBeGreaterThan(80);
    expect(num(d, 'booked_delivery_pct')).toBeLessThan(120);
    const bids = await stats('ams/bid/stats', lastDays(m, 30));
    expect(num(bids, 'bid_changes')).toBeGreaterThan(0);
    expect(num(bids, 'raises') + num(bids, 'cuts')).toBe(num(bids, 'bid_changes'));
  });

  it('review sentiment tiles equal the aspect totals', async () => {
    const period = lastDays(m, 30);
    const t = await stats('sentiment/review/stats', period);
    const aspects = (await m.rows('sentiment/review/aspects', period)).rows;
    expect(num(t, 'mentions')).toBe(sum(aspects, 'mentions'));
    expect(num(t, 'positive_pct')).toBeGreaterThan(0);
    expect(num(t, 'positive_pct')).toBeLessThan(100);
  });
});
