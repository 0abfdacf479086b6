import { runStatusLabel } from '../../../shared/operations/runStatusLabel.js';
import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';

/**
 * The process monitor's vendor, seller and Athena status grids (docs/crawl.md), each the caller's
 * group's only: vendors (channels) from the warehouse's price facts and the store's crawl runs,
 * sellers from the seller facts of each channel's latest crawl day, Athena from the sync runs.
 */
const pct = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((1000 * part) / whole) / 10 : null;
/** A warehouse DATE: a Date (pg) or a 'YYYY-MM-DD...' string (DuckDB). */
const day = (d: Date | string | null | undefined): string | null =>
  d ? (d instanceof Date ? d.toISOString() : d).slice(0, 10) : null;
const iso = (d: unknown): string | null => (d ? new Date(d as string).toISOString() : null);

/** A channel whose latest day is behind the group's latest day is Delayed. */
export const VENDOR_UP_TO_DATE = 'Up To Date';
export const VENDOR_DELAYED = 'Delayed';

/** Per channel: the latest warehouse day and its listings vs the day before, and the last crawl run. */
export async function vendorStatus(db: Kysely<StoreDatabase>, warehouse: Warehouse, groupId: number) {
  const facts = await warehouse.query<Record<string, unknown>>(
    `WITH days AS (
       SELECT channel_id, crawl_date, COUNT(*) AS listings,
              ROW_NUMBER() OVER (PARTITION BY channel_id ORDER BY crawl_date DESC) AS n
         FROM fact_price WHERE group_id = $1 GROUP BY channel_id, crawl_date)
     SELECT channel_id,
            MAX(CASE WHEN n = 1 THEN crawl_date END) AS last_date,
            MAX(CASE WHEN n = 1 THEN listings END) AS listings,
            MAX(CASE WHEN n = 2 THEN listings END) AS previous_listings
       FROM days WHERE n <= 2 GROUP BY channel_id ORDER BY channel_id`,
    [groupId],
  );
  const { rows: runs } = await sql<Record<string, unknown>>`
    SELECT DISTINCT ON (r.channel_id) r.channel_id, r.id, r.status, r.finished_at
      FROM crawl_runs r WHERE r.group_id = ${groupId} ORDER BY r.channel_id, r.id DESC`.execute(db);
  const { rows: names } = await sql<{ channel_id: number; channel_name: string }>`
    SELECT channel_id, channel_name FROM channel_profiles WHERE group_id = ${groupId}`.execute(db);
  const nameOf = new Map(names.map((n) => [n.channel_id, n.channel_name]));
  const runOf = new Map(runs.map((r) => [Number(r.channel_id), r]));
  const latest = facts
    .map((f) => day(f.last_date as string | Date | null)!)
    .sort()
    .at(-1);
  return facts.map((f) => {
    const channelId = Number(f.channel_id);
    const listings = Number(f.listings);
    const previous = f.previous_listings == null ? null : Number(f.previous_listings);
    const run = runOf.get(channelId);
    return {
      id: channelId,
      channel_id: channelId,
      channel_name: nameOf.get(channelId) ?? `Channel ${channelId}`,
      last_date: day(f.last_date as string | Date | null),
      listings,
      previous_listings: previous,
      // Listings lost (negative) or gained since the previous crawl day.
      listing_change: previous == null ? null : pct(listings - previous, previous),
      status: day(f.last_date as string | Date | null) === latest ? VENDOR_UP_TO_DATE : VENDOR_DELAYED,
      last_run_id: run ? Number(run.id) : null,
      last_run_status: run ? Number(run.status) : null,
      last_run_finished_at: iso(run?.finished_at),
    };
  });
}

/** Unauthorised sellers on a channel's latest day are an alert; none is OK. */
export const SELLER_OK = 'OK';
export const SELLER_UNAUTHORISED = 'Unauthorised Sellers';

/** Per channel, its latest seller day: sellers, unauthorised ones and who holds the buy box. */
export async function sellerStatus(db: Kysely<StoreDatabase>, warehouse: Warehouse, groupId: number) {
  const rows = await warehouse.query<Record<string, unknown>>(
    `WITH latest AS (
       SELECT channel_id, MAX(crawl_date) AS crawl_date FROM fact_seller WHERE group_id = $1 GROUP BY channel_id)
     SELECT s.channel_id, l.crawl_date,
            COUNT(DISTINCT s.seller_id) AS sellers,
            COUNT(DISTINCT CASE WHEN s.is_auth = 0 THEN s.seller_id END) AS unauthorised_sellers,
            COUNT(DISTINCT s.product_id) AS products,
            COUNT(DISTINCT CASE WHEN s.is_auth = 0 THEN s.product_id END) AS products_with_unauthorised,
            COUNT(DISTINCT CASE WHEN s.has_buy_box = 1 THEN s.product_id END) AS products_with_buy_box,
            COUNT(DISTINCT CASE WHEN s.has_buy_box = 1 AND s.is_auth = 0 THEN s.product_id END) AS buy_box_lost
       FROM fact_seller s JOIN latest l ON l.channel_id = s.channel_id AND l.crawl_date = s.crawl_date
      WHERE s.group_id = $1
      GROUP BY s.channel_id, l.crawl_date ORDER BY s.channel_id`,
    [groupId],
  );
  const { rows: names } = await sql<{ channel_id: number; channel_name: string }>`
    SELECT channel_id, channel_name FROM channel_profiles WHERE group_id = ${groupId}`.execute(db);
  const nameOf = new Map(names.map((n) => [n.channel_id, n.channel_name]));
  return rows.map((r) => {
    const n = (k: string) => Number(r[k]);
    return {
      id: n('channel_id'),
      channel_id: n('channel_id'),
      channel_name: nameOf.get(n('channel_id')) ?? `Channel ${n('channel_id')}`,
      crawl_date: day(r.crawl_date as string | Date),
      sellers: n('sellers'),
      unauthorised_sellers: n('unauthorised_sellers'),
      products: n('products'),
      products_with_unauthorised: n('products_with_unauthorised'),
      // Share of products whose buy box an unauthorised seller holds.
      buy_box_lost_rate: pct(n('buy_box_lost'), n('products_with_buy_box')),
      status: n('unauthorised_sellers') > 0 ? SELLER_UNAUTHORISED : SELLER_OK,
    };
  });
}

/** Per Athena schema type of the group: its state and its last sync run. */
export async function athenaStatus(
  db: Kysely<StoreDatabase>,
  groupId: number,
  page: { limit: number; offset: number },
) {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT t.id, t.schema_type, t.is_monthly, t.status AS type_status, t.sync_count, t.last_sync_at,
           l.id AS last_run_id, l.status AS last_run_status, l.created_at AS last_run_at, u.user_name AS requested_by
      FROM athena_schema_types t
      LEFT JOIN LATERAL (SELECT * FROM athena_sync_runs r WHERE r.schema_type_id = t.id ORDER BY r.id DESC LIMIT 1) l
        ON true
      LEFT JOIN users u ON u.id = l.requested_by
     WHERE t.group_id = ${groupId}
     ORDER BY t.schema_type LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  const { rows: counted } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM athena_schema_types WHERE group_id = ${groupId}`.execute(db);
  return {
    rows: rows.map((r) => ({
      ...r,
      sync_type: Number(r.is_monthly) === 1 ? 'Monthly' : 'Daily',
      state: Number(r.type_status) === 1 ? 'Active' : 'Inactive',
      last_sync_at: iso(r.last_sync_at),
      last_run_at: iso(r.last_run_at),
      last_run_status: runStatusLabel(r.last_run_status) ?? 'Never Synced',
    })),
    total: counted[0]?.n ?? 0,
  };
}
