import { runStatusLabel } from '../../../shared/operations/runStatusLabel.js';
import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { dayBefore, isoDay } from './attributeChanges.js';

/**
 * The tracking screens' reads (docs/crawl.md), each the caller's group's only: the listings tracked
 * (mapping), channel x city coverage, Athena sync runs and review sentiment per listing.
 */
type Page = { limit: number; offset: number };
const n = (v: unknown) => Number(v ?? 0);
const pct = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null);

/** Days of the coverage and sentiment windows, ending on the group's latest day. */
export const TRACKING_WINDOW_DAYS = 30;

async function latestDay(warehouse: Warehouse, table: string, column: string, groupId: number) {
  const [r] = await warehouse.query<{ d: unknown }>(
    `SELECT MAX(${column}) AS d FROM ${table} WHERE group_id = $1`,
    [groupId],
  );
  return r?.d ? isoDay(r.d) : null;
}

/** tracking/mapping: each listing (product x channel) the group tracks, its page and last crawl. */
export async function trackedListings(warehouse: Warehouse, groupId: number, page: Page) {
  const rows = await warehouse.query<Record<string, unknown>>(
    `WITH last AS (
       SELECT product_id, channel_id, MAX(crawl_date) AS last_date FROM fact_stock WHERE group_id = $1
        GROUP BY product_id, channel_id),
     cities AS (
       SELECT s.product_id, s.channel_id, COUNT(DISTINCT s.city_id)::INTEGER AS cities,
              SUM(CASE WHEN s.stock_status = 1 THEN 1 ELSE 0 END)::INTEGER AS in_stock
         FROM fact_stock s JOIN last l
           ON l.product_id = s.product_id AND l.channel_id = s.channel_id AND l.last_date = s.crawl_date
        WHERE s.group_id = $1 GROUP BY s.product_id, s.channel_id)
     SELECT d.product_id, d.channel_id, p.sku_name, p.sku_code, c.channel_name, d.channel_sku_code,
            d.product_url, l.last_date, COALESCE(ci.cities, 0) AS cities, COALESCE(ci.in_stock, 0) AS in_stock,
            COUNT(*) OVER ()::INTEGER AS total
       FROM dim_listing d
       JOIN dim_product p ON p.product_id = d.product_id AND p.group_id = $1
       LEFT JOIN dim_channel c ON c.channel_id = d.channel_id
       LEFT JOIN last l ON l.product_id = d.product_id AND l.channel_id = d.channel_id
       LEFT JOIN cities ci ON ci.product_id = d.product_id AND ci.channel_id = d.channel_id
      WHERE d.group_id = $1
      ORDER BY p.sku_name, c.channel_name, d.product_id, d.channel_id
      LIMIT $2 OFFSET $3`,
    [groupId, page.limit, page.offset],
  );
  const total = rows.length
    ? n(rows[0]!.total)
    : n(
        (
          await warehouse.query<{ t: number }>(
            'SELECT COUNT(*)::INTEGER AS t FROM dim_listing d JOIN dim_product p ON p.product_id = d.product_id AND p.group_id = $1 WHERE d.group_id = $1',
            [groupId],
          )
        )[0]?.t,
      );
  return {
    rows: rows.map(({ total: _t, ...r }) => ({
      ...r,
      id: `${n(r.product_id)}-${n(r.channel_id)}`,
      last_date: r.last_date ? isoDay(r.last_date) : null,
      cities: n(r.cities),
      in_stock: n(r.in_stock),
      tracking: r.last_date ? 'Tracked' : 'Not Crawled',
    })),
    total,
  };
}

/** tracking/channelcity: per channel and city, the products and days crawled in the window. */
export async function channelCityCoverage(warehouse: Warehouse, groupId: number) {
  const to = await latestDay(warehouse, 'fact_stock', 'crawl_date', groupId);
  if (!to) return [];
  const from = dayBefore(to, TRACKING_WINDOW_DAYS - 1);
  const rows = await warehouse.query<Record<string, unknown>>(
    `SELECT s.channel_id, s.city_id, c.channel_name, ci.city_name, ci.city_zone_name,
            COUNT(DISTINCT s.product_id)::INTEGER AS products, COUNT(DISTINCT s.crawl_date)::INTEGER AS days,
            MAX(s.crawl_date) AS last_date
       FROM fact_stock s
       LEFT JOIN dim_channel c ON c.channel_id = s.channel_id
       LEFT JOIN dim_city ci ON ci.city_id = s.city_id
      WHERE s.group_id = $1 AND s.crawl_date >= CAST($2 AS DATE) AND s.crawl_date <= CAST($3 AS DATE)
      GROUP BY s.channel_id, s.city_id, c.channel_name, ci.city_name, ci.city_zone_name
      ORDER BY c.channel_name, ci.city_name`,
    [groupId, from, to],
  );
  return rows.map((r) => {
    const last = isoDay(r.last_date);
    return {
      ...r,
      id: `${n(r.channel_id)}-${n(r.city_id)}`,
      products: n(r.products),
      days: n(r.days),
      window_days: TRACKING_WINDOW_DAYS,
      coverage: pct(n(r.days), TRACKING_WINDOW_DAYS),
      last_date: last,
      // Crawled on the group's latest day, or left behind.
      status: last === to ? 'Up To Date' : 'Delayed',
    };
  });
}

/** tracking/athena-status: the group's Athena sync runs, newest first. */
export async function athenaSyncRuns(db: Kysely<StoreDatabase>, groupId: number, page: Page) {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT r.id, t.schema_type, r.is_monthly, r.status, r.created_at, r.updated_at, u.user_name AS requested_by
      FROM athena_sync_runs r JOIN athena_schema_types t ON t.id = r.schema_type_id
      LEFT JOIN users u ON u.id = r.requested_by
     WHERE r.group_id = ${groupId} ORDER BY r.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  const { rows: counted } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM athena_sync_runs WHERE group_id = ${groupId}`.execute(db);
  const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);
  return {
    rows: rows.map((r) => ({
      ...r,
      status: runStatusLabel(r.status),
      sync_type: n(r.is_monthly) === 1 ? 'Monthly' : 'Daily',
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
    })),
    total: counted[0]?.n ?? 0,
  };
}

/** tracking/review-sentiments: per listing, its reviews of the window by sentiment. */
export async function reviewSentiments(warehouse: Warehouse, groupId: number, page: Page) {
  const to = await latestDay(warehouse, 'fact_review', 'review_date', groupId);
  if (!to) return { rows: [], total: 0 };
  const from = dayBefore(to, TRACKING_WINDOW_DAYS - 1);
  const rows = await warehouse.query<Record<string, unknown>>(
    `SELECT r.product_id, r.channel_id, p.sku_name, p.sku_code, c.channel_name,
            COUNT(*)::INTEGER AS reviews,
            SUM(CASE WHEN r.sentiment = 1 THEN 1 ELSE 0 END)::INTEGER AS positive,
            SUM(CASE WHEN r.sentiment = 0 THEN 1 ELSE 0 END)::INTEGER AS neutral,
            SUM(CASE WHEN r.sentiment = -1 THEN 1 ELSE 0 END)::INTEGER AS negative,
            AVG(r.rating)::DOUBLE PRECISION AS avg_rating, MAX(r.review_date) AS last_review,
            COUNT(*) OVER ()::INTEGER AS total
       FROM fact_review r
       JOIN dim_product p ON p.product_id = r.product_id AND p.group_id = $1
       LEFT JOIN dim_channel c ON c.channel_id = r.channel_id
      WHERE r.group_id = $1 AND r.review_date >= CAST($2 AS DATE) AND r.review_date <= CAST($3 AS DATE)
      GROUP BY r.product_id, r.channel_id, p.sku_name, p.sku_code, c.channel_name
      ORDER BY COUNT(*) DESC, p.sku_name, r.product_id, r.channel_id
      LIMIT $4 OFFSET $5`,
    [groupId, from, to, page.limit, page.offset],
  );
  return {
    rows: rows.map(({ total: _t, ...r }) => ({
      ...r,
      id: `${n(r.product_id)}-${n(r.channel_id)}`,
      avg_rating: Math.round(n(r.avg_rating) * 100) / 100,
      positive_share: pct(n(r.positive), n(r.reviews)),
      negative_share: pct(n(r.negative), n(r.reviews)),
      net_sentiment: pct(n(r.positive) - n(r.negative), n(r.reviews)),
      last_review: isoDay(r.last_review),
    })),
    total: rows.length ? n(rows[0]!.total) : 0,
  };
}
