import type { AuthKit } from './kit.js';

/**
 * Last crawl date per crawl type (product, category, keyword, best_seller) of the group, from the
 * warehouse's crawl_log. A warehouse without the table yet answers an empty map: the client then
 * uses today, as the spec says.
 */
export async function crawlDates(kit: AuthKit, groupId: number): Promise<Record<string, string>> {
  try {
    const rows = await kit.deps.warehouse.query<{ crawl_type: string; last_crawl_date: string }>(
      'SELECT crawl_type, MAX(last_crawl_date) AS last_crawl_date FROM crawl_log WHERE group_id = $1 GROUP BY crawl_type',
      [groupId],
    );
    return Object.fromEntries(rows.map((r) => [r.crawl_type, String(r.last_crawl_date).slice(0, 10)]));
  } catch (error) {
    kit.log.warn({ err: error }, 'crawl_log not readable; no last crawl dates');
    return {};
  }
}
