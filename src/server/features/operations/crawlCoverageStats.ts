import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import type { CrawlTables } from '../crawl/crawlTables.js';

const pct = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((1000 * part) / whole) / 10 : null;

/**
 * Coverage per channel and city of the group's latest crawled days (warehouse crawl_coverage,
 * written by each product crawl): pages tracked, loaded, behind a bot wall, failed otherwise.
 * Newest day first; channel names from the group's profiles.
 */
export async function crawlCoverage(
  db: Kysely<StoreDatabase>,
  wh: Warehouse,
  groupId: number,
  page: { limit: number; offset: number },
) {
  const exists = await wh.query<{ n: number }>(
    `SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'crawl_coverage'`,
  );
  if (Number(exists[0]?.n ?? 0) === 0) return { rows: [], total: 0 };
  // The total is counted apart: a window count over the requested page has no row to carry it
  // past the last page (Show More on another grid of the screen asks for one: "Showing 2 of 0").
  const [count] = await wh.query<{ n: number }>(
    `SELECT count(*) AS n FROM crawl_coverage WHERE group_id = $1`,
    [groupId],
  );
  const rows = await wh.query<Record<string, unknown>>(
    `SELECT CAST(c.crawl_date AS VARCHAR) AS crawl_date, c.channel_id, c.city_id, COALESCE(d.city_name, CAST(c.city_id AS VARCHAR)) AS city_name,
            c.pages, c.loaded, c.blocked, c.failed
       FROM crawl_coverage c LEFT JOIN dim_city d ON d.city_id = c.city_id
      WHERE c.group_id = $1
      ORDER BY c.crawl_date DESC, c.channel_id, c.city_id LIMIT ${page.limit} OFFSET ${page.offset}`,
    [groupId],
  );
  const profiles = await db
    .withTables<CrawlTables>()
    .selectFrom('channel_profiles')
    .select(['channel_id', 'channel_name'])
    .where('group_id', '=', groupId)
    .execute();
  const names = new Map(profiles.map((p) => [p.channel_id, p.channel_name]));
  return {
    rows: rows.map((r) => ({
      ...r,
      id: `${String(r.crawl_date)}/${String(r.channel_id)}/${String(r.city_id)}`,
      channel_id: Number(r.channel_id),
      channel_name: names.get(Number(r.channel_id)) ?? String(r.channel_id),
      coverage: pct(Number(r.loaded), Number(r.pages)),
    })),
    total: Number(count?.n ?? 0),
  };
}

/**
 * The sessions of the group's latest product crawl of each channel: per session (its city), the
 * pages it fetched last, how many loaded and whether it met a wall (then it was retired). Cities by
 * name (the warehouse's dim_city), as on the coverage grid. A page of them (`offset`, `limit`):
 * the screen's Show More asks every grid of Crawling Logs for its next page, and one answered
 * whole each time was appended again (every session listed twice).
 */
export async function crawlSessions(
  db: Kysely<StoreDatabase>,
  wh: Warehouse,
  groupId: number,
  page: { limit: number; offset: number },
) {
  const { rows } = await sql<Record<string, unknown>>`
    WITH latest AS (
      SELECT DISTINCT ON (channel_id) id, channel_id, crawl_date FROM crawl_runs
       WHERE group_id = ${groupId} AND trigger_type = 0 AND pages_total > 0 ORDER BY channel_id, id DESC)
    SELECT l.id AS run_id, l.channel_id, p.channel_name, l.crawl_date, g.session_id, min(g.city_id)::int AS city_id,
           count(*)::int AS pages, count(*) FILTER (WHERE g.reason IS NULL)::int AS loaded,
           count(*) FILTER (WHERE g.blocked)::int AS blocked
      FROM latest l JOIN crawl_page_log g ON g.run_id = l.id AND g.group_id = ${groupId}
      LEFT JOIN channel_profiles p ON p.group_id = ${groupId} AND p.channel_id = l.channel_id
     WHERE g.session_id IS NOT NULL
     GROUP BY l.id, l.channel_id, p.channel_name, l.crawl_date, g.session_id
     ORDER BY l.channel_id, min(g.city_id), g.session_id`.execute(db);
  const shown = rows.slice(page.offset, page.offset + page.limit);
  const cityIds = [...new Set(shown.map((r) => Number(r.city_id)))];
  const cities = cityIds.length
    ? await wh.query<{ city_id: number; city_name: string }>(
        `SELECT city_id, city_name FROM dim_city WHERE city_id IN (${cityIds.map((_, i) => `$${i + 1}`).join(', ')})`,
        cityIds,
      )
    : [];
  const cityName = new Map(cities.map((c) => [Number(c.city_id), c.city_name]));
  return {
    rows: shown.map((r) => ({
      ...r,
      id: `${String(r.run_id)}/${String(r.session_id)}`,
      city_name: cityName.get(Number(r.city_id)) ?? `City ${String(r.city_id)}`,
    })),
    total: rows.length,
  };
}
