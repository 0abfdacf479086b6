import { sql } from 'kysely';
import type { Deps } from '../../platform/deps.js';
import { RUN_STATUS } from '../reportMailers/reportMailerRepo.js';
import {
  crawlBlockedShare,
  crawlPages,
  deliveries,
  queueDepth,
  queueOldestAge,
} from '../../platform/metrics/instruments.js';

const DELIVERY_STATUS: Record<number, string> = {
  [RUN_STATUS.managerSuccess]: 'built',
  [RUN_STATUS.inProgress]: 'in_progress',
  [RUN_STATUS.delivered]: 'delivered',
  [RUN_STATUS.failed]: 'failed',
};

/**
 * Reads the shared figures at scrape time, from the store every instance shares: queue depth and
 * age, crawl pages and blocked share, deliveries. Each instance reports the same numbers, so
 * alert rules take max() over instances, not sum() (docs/operations.md).
 */
export async function refreshStoreGauges(deps: Deps): Promise<void> {
  const db = deps.store.db;
  const [queues, crawls, runs] = await Promise.all([
    deps.jobs
      ? sql<{ name: string; waiting: number; oldest: number | null }>`
          SELECT name, count(*)::int AS waiting,
                 extract(epoch FROM now() - min(created_on))::float8 AS oldest
            FROM pgboss.job WHERE state IN ('created', 'retry') GROUP BY name`.execute(db)
      : null,
    sql<{ channel_id: number; pages: number; blocked: number }>`
      SELECT r.channel_id, count(l.id)::int AS pages,
             count(l.id) FILTER (WHERE l.http_status IN (403, 429))::int AS blocked
        FROM crawl_runs r JOIN crawl_page_log l ON l.run_id = r.id
       WHERE r.created_at >= now() - interval '1 hour'
       GROUP BY r.channel_id`.execute(db),
    sql<{ status: number; runs: number }>`
      SELECT status, count(*)::int AS runs FROM report_mailer_runs
       WHERE NOT dry_run AND started_at >= now() - interval '1 day'
       GROUP BY status`.execute(db),
  ]);
  queueDepth.reset();
  queueOldestAge.reset();
  for (const q of queues?.rows ?? []) {
    queueDepth.set({ queue: q.name }, q.waiting);
    queueOldestAge.set({ queue: q.name }, q.oldest ?? 0);
  }
  crawlPages.reset();
  crawlBlockedShare.reset();
  for (const c of crawls.rows) {
    const channel = String(c.channel_id);
    crawlPages.set({ channel }, c.pages);
    crawlBlockedShare.set({ channel }, c.pages > 0 ? c.blocked / c.pages : 0);
  }
  deliveries.reset();
  for (const status of Object.values(DELIVERY_STATUS)) deliveries.set({ status }, 0);
  for (const r of runs.rows) deliveries.set({ status: DELIVERY_STATUS[r.status] ?? 'other' }, r.runs);
}
