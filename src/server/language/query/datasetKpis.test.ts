/**
 * Exact KPI values of every dataset on a tiny fixture whose answers are computed by hand, on
 * both engines: a changed definition (e.g. Missing dropped from promo compliance's planned set)
 * fails here. Tenant 2 always holds a row that would change the answer if it leaked in.
 * Stock, rating threshold and search share have their own exact tests (stockFixture,
 * thresholdMeasure, compareSql).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfigSnapshot } from '../config/loadConfigRegistry.js';
import { indexDataset } from '../model/datasetIndex.js';
import { createSchema } from '../../platform/warehouse/schema/createSchema.js';
import { deriveSalesSuperseded } from '../../platform/warehouse/schema/salesSuperseded.js';
import { TEST_WAREHOUSES, type TestWarehouse } from '../../platform/warehouse/testing/testWarehouses.js';
import { parseDataRequest, type QueryContext } from './dataRequest.js';
import { runScreenQuery } from './runScreenQuery.js';
import { insertRows } from './testing/factRows.js';

const snapshot = loadConfigSnapshot('screens');
const DAY = { start_date: '2026-11-01', end_date: '2026-11-01' };

function context(screenKey: string, queryId: string): QueryContext {
  const screen = snapshot.screens.get(screenKey)!;
  const query = screen.queries!.find((q) => q.id === queryId)!;
  return { screen, query, dataset: indexDataset(snapshot.datasets.get(screen.dataset!)!) };
}

describe.each(TEST_WAREHOUSES)('dataset KPIs on a hand-computed fixture, %s', (_name, open) => {
  let t: TestWarehouse;
  const kpi = async (screenKey: string, queryId: string, params: Record<string, string> = DAY) => {
    const ctx = context(screenKey, queryId);
    const { rows } = await runScreenQuery(t.wh, ctx, parseDataRequest(ctx, params), 1);
    return rows[0]!;
  };
  beforeAll(async () => {
    t = await open();
    await createSchema(t.wh);
  });
  afterAll(async () => t.drop());

  it('promo: compliance = matched / (matched + not matched + running + missing)', async () => {
    // Statuses 0 Matched x2, 1 Missing, 2 Not Matched, 3 Running, 4 Other Offer (not planned).
    await insertRows(t.wh, 'fact_promo', [
      ...[0, 0, 1, 2, 3, 4].map((s, i) => ({ product_id: i + 1, offer_status: s, promo_state: 'running' })),
      { group_id: 2, product_id: 99, offer_status: 0 },
    ]);
    expect(await kpi('promo/kpi', 'stats')).toMatchObject({
      planned: 5,
      matched: 2,
      missing: 1,
      not_matched: 1,
      running: 1,
      other_offer: 1,
      compliance_pct: 40,
    });
  });

  it('promo plan: plans = running + planning + completed', async () => {
    await insertRows(t.wh, 'dim_promo_plan', [
      { plan_id: 1, product_id: 1, promo_state: 'running', plan_price: 100 },
      { plan_id: 2, product_id: 1, promo_state: 'planning', plan_price: 50 },
      { plan_id: 3, product_id: 2, promo_state: 'completed', plan_price: 30 },
      { plan_id: 4, product_id: 3, promo_state: 'completed', plan_price: 20 },
      { plan_id: 5, group_id: 2, product_id: 9, promo_state: 'completed', plan_price: 1 },
    ]);
    expect(await kpi('promo/plan', 'stats', { start_date: '-1', end_date: '-1' })).toMatchObject({
      plans: 4,
      running_plans: 1,
      planning_plans: 1,
      completed_plans: 2,
      sku_count: 3,
      avg_plan_price: 50,
    });
  });

  it('price: violation types, above MRP within Max, assortment affected', async () => {
    // product 1: above MRP (Max) and satisfied; 2: Min; 3: Max Min; 4: NA; 5: Max under the rule.
    const row = (product_id: number, violation_type: number, selling_price: number, is_above_mrp = 0) => ({
      product_id,
      violation_type,
      selling_price,
      is_above_mrp,
      mrp: 100,
      discount_pct: 100 - selling_price,
    });
    await insertRows(t.wh, 'fact_price', [
      row(1, 1, 110, 1),
      row(1, 4, 90),
      row(2, 2, 60),
      row(3, 3, 80),
      row(4, 5, 95),
      row(5, 1, 100),
      { ...row(6, 1, 200, 1), group_id: 2 },
    ]);
    const r = await kpi('price/kpi', 'stats');
    expect(r).toMatchObject({
      violations: 4,
      max_violations: 2,
      min_violations: 1,
      maxmin_violations: 1,
      satisfied: 1,
      no_rule: 1,
      above_mrp: 1,
      violating_skus: 4,
      avg_mrp: 100,
    });
    expect(r.assortment_affected_pct).toBeCloseTo(80, 9); // 4 of 5 products
    expect(r.avg_selling_price).toBeCloseTo(535 / 6, 9);
    expect(r.discount_pct).toBeCloseTo(65 / 6, 9);
  });

  it('competitor prices: each competitor listed under each own product it is mapped to', async () => {
    await insertRows(t.wh, 'dim_product', [
      { product_id: 11, sku_name: 'Own A', is_competitor: 0 },
      { product_id: 12, sku_name: 'Own B', is_competitor: 0 },
      { product_id: 21, sku_name: 'Rival X', is_competitor: 1 },
      { product_id: 22, sku_name: 'Rival Y', is_competitor: 1 },
    ]);
    await insertRows(t.wh, 'dim_product_competitor', [
      { product_id: 11, competitor_product_id: 21 },
      { product_id: 11, competitor_product_id: 22 },
      { product_id: 12, competitor_product_id: 21 },
    ]);
    const obs = (product_id: number, selling_price: number, is_competitor: number, city_id = 1) => ({
      product_id,
      selling_price,
      is_competitor,
      city_id,
      crawl_date: '2026-11-05',
      mrp: 120,
    });
    await insertRows(t.wh, 'fact_price', [
      obs(11, 100, 0),
      obs(21, 110, 1),
      obs(21, 90, 1, 2),
      obs(22, 80, 1),
    ]);
    const period = { start_date: '2026-11-05', end_date: '2026-11-05' };
    const ctx = context('price/competitors', 'rows');
    const { rows } = await runScreenQuery(t.wh, ctx, parseDataRequest(ctx, period), 1);
    // Own A with Rival X and Rival Y, Own B with Rival X; sorted by own product then price.
    expect(rows.map((r) => [r.own_sku_name, r.product_id, r.avg_selling_price])).toEqual([
      ['Own A', 22, 80],
      ['Own A', 21, 100],
      ['Own B', 21, 100],
    ]);
    const brands = context('price/competitors', 'stats');
    const stats = await runScreenQuery(t.wh, brands, parseDataRequest(brands, period), 1);
    // Rival X's two observations count once per own product (110, 90, 110, 90) and Rival Y's 80.
    expect(stats.rows[0]).toMatchObject({ sku_count: 2, avg_selling_price: 96 });
  });

  it('content: average score, bands and attribute shares', async () => {
    await insertRows(t.wh, 'fact_content', [
      { product_id: 1, content_score: 90, content_band: 'High', images_compliant: 1, image_count: 7 },
      { product_id: 2, content_score: 50, content_band: 'Medium', images_compliant: 1, image_count: 4 },
      { product_id: 3, content_score: 20, content_band: 'Low', images_compliant: 0, image_count: 1 },
      { group_id: 2, product_id: 9, content_score: 0, content_band: 'Low' },
    ]);
    const r = await kpi('content/data', 'stats');
    expect(r).toMatchObject({
      high_band: 1,
      medium_band: 1,
      low_band: 1,
      audits: 3,
      min_score: 20,
      sku_count: 3,
    });
    expect(r.content_score).toBeCloseTo(160 / 3, 9);
    expect((await kpi('content/kpi', 'factors')).images_pct).toBeCloseTo(200 / 3, 9);
  });

  it('reviews: stars, sentiment; aspects: mentions and score', async () => {
    await insertRows(t.wh, 'fact_review', [
      { review_id: 1, rating: 5, sentiment: 1 },
      { review_id: 2, rating: 4, sentiment: 1 },
      { review_id: 3, rating: 1, sentiment: -1 },
      { review_id: 4, rating: 3, sentiment: 0 },
      { review_id: 5, group_id: 2, rating: 1, sentiment: -1 },
    ]);
    const r = await kpi('review/kpi', 'scores');
    expect(r).toMatchObject({ new_reviews: 4, positive_reviews: 2, negative_reviews: 1, avg_stars: 3.25 });
    expect(r.review_sentiment).toBeCloseTo(0.25, 9);
    await insertRows(t.wh, 'fact_review_aspect', [
      { review_id: 1, aspect: 'Taste', sentiment: 1 },
      { review_id: 2, aspect: 'Taste', sentiment: 1 },
      { review_id: 3, aspect: 'Delivery', sentiment: -1 },
      { review_id: 4, aspect: 'Price', sentiment: 0 },
      { review_id: 5, group_id: 2, aspect: 'Price', sentiment: -1 },
    ]);
    const a = await kpi('review/products', 'meta');
    expect(a).toMatchObject({ mentions: 4, positive: 2, neutral: 1, negative: 1 });
    expect(a.sentiment_score).toBeCloseTo(0.25, 9);
  });

  it('category rank: listings, own share, buckets, average rank', async () => {
    const rank = (product_id: number, category_rank: number, rank_bucket: string, is_competitor: number) => ({
      product_id,
      category_rank,
      rank_bucket,
      is_competitor,
    });
    await insertRows(t.wh, 'fact_category_rank', [
      rank(1, 1, 'Top 3', 0),
      rank(2, 5, '4-10', 1),
      rank(3, 15, '11-20', 0),
      rank(4, 60, '51-100', 1),
      { ...rank(5, 2, 'Top 3', 0), group_id: 2 },
    ]);
    const r = await kpi('category/kpi', 'stats');
    expect(r).toMatchObject({
      listings: 4,
      sku_count: 4,
      own_share: 50,
      top3: 1,
      top10: 2,
      best_rank: 1,
      avg_rank: 20.25,
    });
    expect(r).toMatchObject({ rank_4_10: 1, rank_11_20: 1, rank_21_50: 0, rank_51_100: 1 });
  });

  it('best sellers and banners: entries, own share, average rank', async () => {
    await insertRows(t.wh, 'fact_bestseller', [
      { product_id: 1, bestseller_rank: 1, is_competitor: 0 },
      { product_id: 2, bestseller_rank: 2, is_competitor: 1 },
      { product_id: 3, bestseller_rank: 6, is_competitor: 1 },
      { product_id: 4, bestseller_rank: 7, is_competitor: 0 },
      { group_id: 2, product_id: 9, bestseller_rank: 1 },
    ]);
    expect(await kpi('sales/bestsellers', 'stats')).toMatchObject({
      entries: 4,
      sku_count: 4,
      own_bs_share: 50,
      avg_bs_rank: 4,
    });
    await insertRows(t.wh, 'fact_banner', [
      { brand_id: 1, is_competitor: 0, banner_position: 1 },
      { brand_id: 2, is_competitor: 1, banner_position: 2 },
      { brand_id: 2, is_competitor: 1, banner_position: 1 },
      { brand_id: 3, is_competitor: 1, banner_position: 3 },
      { group_id: 2, brand_id: 9, banner_position: 1 },
    ]);
    expect(await kpi('category/banners', 'stats')).toMatchObject({
      banners: 4,
      own_banners: 1,
      own_banner_share: 25,
      first_position: 2,
      brand_count: 3,
    });
  });

  it('sales: units, revenue and average price from sums', async () => {
    await insertRows(t.wh, 'fact_sales', [
      { sale_date: '2026-11-01', product_id: 1, units: 10, revenue: 1000 },
      { sale_date: '2026-11-01', product_id: 2, units: 30, revenue: 1500 },
      { sale_date: '2026-11-01', group_id: 2, product_id: 9, units: 1000, revenue: 1 },
    ]);
    // avg price = 2500 / 40 = 62.5, not the mean of 100 and 50.
    expect(await kpi('sales/kpi', 'stats')).toMatchObject({
      units: 40,
      revenue: 2500,
      avg_price: 62.5,
      sku_count: 2,
    });
  });

  it('sales: a reported row replaces the estimate of its product, channel and day', async () => {
    await insertRows(t.wh, 'fact_sales', [
      { sale_date: '2026-11-02', product_id: 1, units: 10, revenue: 1000, is_estimate: 1 },
      { sale_date: '2026-11-02', product_id: 1, units: 12, revenue: 1300, is_estimate: 0 },
      // Another channel's estimate of the same product and day stays.
      { sale_date: '2026-11-02', product_id: 1, channel_id: 4, units: 5, revenue: 500, is_estimate: 1 },
      // Another group's reported row never hides this group's estimate.
      { sale_date: '2026-11-02', group_id: 2, product_id: 2, units: 99, revenue: 9, is_estimate: 0 },
      { sale_date: '2026-11-02', product_id: 2, units: 7, revenue: 700, is_estimate: 1 },
    ]);
    await deriveSalesSuperseded(t.wh); // as every writer of reported rows does
    const day = { start_date: '2026-11-02', end_date: '2026-11-02' };
    // 12 reported + 5 + 7 estimated = 24, not 34 (the superseded estimate of 10 is not added).
    expect(await kpi('sales/data', 'stats', day)).toMatchObject({ units: 24, revenue: 2500 });
  });

  it('sellers: offers, authorised share, buy box held by authorised sellers', async () => {
    const offer = (seller_id: number, is_auth: number, has_buy_box: number, seller_price: number) => ({
      product_id: 1,
      seller_id,
      is_auth,
      has_buy_box,
      seller_price,
    });
    await insertRows(t.wh, 'fact_seller', [
      offer(1, 1, 1, 100),
      offer(2, 0, 0, 90),
      offer(3, 1, 0, 110),
      offer(2, 0, 1, 80),
      { ...offer(9, 0, 1, 1), group_id: 2 },
    ]);
    expect(await kpi('sellers/kpi', 'stats')).toMatchObject({
      offers: 4,
      seller_count: 3,
      auth_pct: 50,
      avg_seller_price: 95,
    });
    expect(await kpi('sellers/kpi', 'buybox')).toMatchObject({ buy_box_wins: 2, auth_pct: 50 });
  });

  it('products: mapped share of the catalogue', async () => {
    await insertRows(t.wh, 'dim_product', [
      { product_id: 31, mapping_status: 1, is_favourite: 1 },
      { product_id: 32, mapping_status: 0 },
      { product_id: 33, mapping_status: 2 },
      { product_id: 34, mapping_status: 1 },
      { group_id: 2, product_id: 99, mapping_status: 0 },
    ]);
    // Plus products 11, 12, 21, 22 of the competitor fixture, mapping status 0.
    expect(await kpi('products/kpi', 'stats', { start_date: '-1', end_date: '-1' })).toMatchObject({
      products: 8,
      mapped: 2,
      unmapped: 5,
      pending: 1,
      favourites: 1,
    });
  });

  it('stock status filter: listings by their status on the last crawl, with their whole period', async () => {
    // Listing 41 in city 1 in stock then out; 41 in city 2 and 42 out then back in stock.
    const day = (product_id: number, city_id: number, crawl_date: string, stock_status: number) => ({
      product_id,
      city_id,
      crawl_date,
      stock_status,
      channel_id: 1,
    });
    await insertRows(t.wh, 'fact_stock', [
      day(41, 1, '2026-12-01', 1),
      day(41, 1, '2026-12-02', 0),
      day(41, 2, '2026-12-01', 0),
      day(41, 2, '2026-12-02', 1),
      day(42, 1, '2026-12-01', 0),
      day(42, 1, '2026-12-02', 1),
      { ...day(43, 1, '2026-12-02', 0), group_id: 2 },
    ]);
    const ctx = context('stock/data', 'rows');
    const period = { start_date: '2026-12-01', end_date: '2026-12-02' };
    const out = await runScreenQuery(t.wh, ctx, parseDataRequest(ctx, { ...period, stock_status: '0' }), 1);
    expect(out.rows).toHaveLength(1);
    expect(out.rows[0]).toMatchObject({ product_id: 41, in_stock: 1, out_of_stock: 1, availability_pct: 50 });
    const inStock = await runScreenQuery(
      t.wh,
      ctx,
      parseDataRequest(ctx, { ...period, stock_status: '1' }),
      1,
    );
    expect(inStock.rows.map((r) => [r.product_id, r.in_stock, r.out_of_stock])).toEqual([
      [41, 1, 1],
      [42, 1, 1],
    ]);
    // The last crawl of a shorter period is its own last day.
    const first = await runScreenQuery(
      t.wh,
      ctx,
      parseDataRequest(ctx, { start_date: '2026-12-01', end_date: '2026-12-01', stock_status: '0' }),
      1,
    );
    expect(first.rows.map((r) => [r.product_id, r.out_of_stock])).toEqual([
      [41, 1],
      [42, 1],
    ]);
  });
});
