import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import { PROCESS_STATUS, PROCESS_STATUS_NAMES, TRIGGER_TYPE } from '../../../shared/crawl/crawlVocabulary.js';

/** Store-side figures of the group's crawls for the operations screens (all scoped by group). */
const S = PROCESS_STATUS;
const FINISHED = [S.success, S.mismatch, S.noData, S.failed, S.blocked];
const pct = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((1000 * part) / whole) / 10 : null;
const iso = (d: unknown): string | null => (d ? new Date(d as string).toISOString() : null);

/** The crawl KPIs of the group per channel (the grid) and over all channels (the tiles). */
export interface CrawlKpis {
  channels: Record<string, unknown>[];
  total: Record<string, unknown>;
}

/**
 * Crawl KPIs over the runs created in the last `days` days, optionally only runs of `statuses`:
 * one query, per channel and the total (GROUPING SETS), so the tiles are the grid's sums by
 * construction. The total row exists with no run (zeros), a channel row only with runs.
 */
export async function crawlKpis(
  db: Kysely<StoreDatabase>,
  groupId: number,
  days: number,
  statuses: readonly number[] = [],
): Promise<CrawlKpis> {
  const only = statuses.length ? sql`AND r.status IN (${sql.join(statuses)})` : sql``;
  const { rows } = await sql<Record<string, unknown>>`
    SELECT grouping(r.channel_id)::int AS is_total, r.channel_id, max(p.channel_name) AS channel_name,
           count(r.id)::int AS runs,
           count(*) FILTER (WHERE r.status = ${S.success})::int AS success,
           count(*) FILTER (WHERE r.status = ${S.mismatch})::int AS mismatch,
           count(*) FILTER (WHERE r.status = ${S.noData})::int AS no_data,
           count(*) FILTER (WHERE r.status = ${S.failed})::int AS failed,
           count(*) FILTER (WHERE r.status = ${S.blocked})::int AS blocked,
           count(*) FILTER (WHERE r.status IN (${S.inProgress}, ${S.waiting}))::int AS in_flight,
           coalesce(sum(r.pages_total), 0)::int AS pages, coalesce(sum(r.pages_failed), 0)::int AS pages_failed,
           coalesce(sum(r.pages_blocked), 0)::int AS pages_blocked,
           coalesce(sum(r.rows_loaded), 0)::int AS rows_loaded,
           round(avg(extract(epoch FROM r.finished_at - r.started_at))::numeric, 1)::float8 AS avg_seconds,
           max(r.created_at) AS last_run_at
      FROM crawl_runs r
      LEFT JOIN channel_profiles p ON p.group_id = r.group_id AND p.channel_id = r.channel_id
     WHERE r.group_id = ${groupId} AND r.created_at >= now() - make_interval(days => ${days}) ${only}
     GROUP BY GROUPING SETS ((r.channel_id), ())
     ORDER BY is_total, r.channel_id`.execute(db);
  const view = ({ is_total: isTotal, ...r }: Record<string, unknown>) => {
    const n = (k: string) => Number(r[k]);
    return {
      ...r,
      id: isTotal ? 'total' : r.channel_id,
      channel_name: isTotal ? `Total (${days} days)` : r.channel_name,
      last_run_at: iso(r.last_run_at),
      // Success among finished runs; page failures among fetched pages.
      success_rate: pct(n('success'), n('runs') - n('in_flight')),
      page_failure_rate: pct(n('pages_failed'), n('pages')),
    };
  };
  const total = rows.find((r) => Number(r.is_total) === 1)!;
  return { channels: rows.filter((r) => r !== total).map(view), total: view(total) };
}

/** Inputs vs crawled per channel-day: the latest finished run of each day of each channel. */
export async function inputAnalysis(
  db: Kysely<StoreDatabase>,
  groupId: number,
  page: { limit: number; offset: number },
) {
  const days = sql`
    SELECT DISTINCT ON (r.channel_id, r.crawl_date) r.*,
           count(*) OVER (PARTITION BY r.channel_id, r.crawl_date)::int AS runs
      FROM crawl_runs r
     WHERE r.group_id = ${groupId} AND r.status IN (${sql.join(FINISHED)}) AND r.trigger_type = ${TRIGGER_TYPE.productPages}
     ORDER BY r.channel_id, r.crawl_date, r.id DESC`;
  const { rows } = await sql<Record<string, number | string>>`
    SELECT d.id, d.channel_id, p.channel_name, d.crawl_date, d.runs, d.status, d.pages_total AS inputs,
           d.pages_ok AS crawled, d.pages_failed AS failed, d.pages_blocked AS blocked, d.rows_loaded
      FROM (${days}) d
      LEFT JOIN channel_profiles p ON p.group_id = ${groupId} AND p.channel_id = d.channel_id
     ORDER BY d.crawl_date DESC, d.channel_id LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  const { rows: counted } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${days}) d`.execute(db);
  return {
    rows: rows.map((r) => ({
      ...r,
      missing: Number(r.inputs) - Number(r.crawled),
      coverage: pct(Number(r.crawled), Number(r.inputs)),
      status_name: PROCESS_STATUS_NAMES[Number(r.status)] ?? String(r.status),
    })),
    total: counted[0]?.n ?? 0,
  };
}

/** Per channel profile: its schema, schedules and the last run, and whether it is tracked. */
export async function channelTracking(db: Kysely<StoreDatabase>, groupId: number) {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT p.id, p.channel_id, p.channel_name, p.response_type, p.platform, s.name AS schema_name,
           (SELECT count(*)::int FROM crawl_timings t
             WHERE t.group_id = p.group_id AND t.channel_id = p.channel_id AND t.status = 'Active') AS active_timings,
           (SELECT string_agg(t.cron, ', ' ORDER BY t.id) FROM crawl_timings t
             WHERE t.group_id = p.group_id AND t.channel_id = p.channel_id AND t.status = 'Active') AS schedules,
           l.id AS last_run_id, l.status AS last_status, l.crawl_date AS last_crawl_date,
           l.finished_at AS last_finished_at, l.pages_total AS tracked_pages
      FROM channel_profiles p
      LEFT JOIN model_schemas s ON s.id = p.model_schema_id AND s.group_id = p.group_id
      LEFT JOIN LATERAL (SELECT * FROM crawl_runs r WHERE r.group_id = p.group_id AND r.channel_id = p.channel_id
                          ORDER BY r.id DESC LIMIT 1) l ON true
     WHERE p.group_id = ${groupId} ORDER BY p.channel_id`.execute(db);
  return rows.map((r) => ({
    ...r,
    last_finished_at: iso(r.last_finished_at),
    // Tracked: crawled on a schedule; Manual: a schema but no active schedule; Not Configured: no schema.
    tracking: !r.schema_name ? 'Not Configured' : Number(r.active_timings) > 0 ? 'Tracked' : 'Manual',
  }));
}
