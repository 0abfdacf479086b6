import { sql, type Kysely } from 'kysely';
import type { PgBoss } from 'pg-boss';
import { PROCESS_STATUS } from '../../../shared/crawl/crawlVocabulary.js';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import { CrawlRepo } from './crawlRepo.js';

/** What the monitor shows on a run whose job was sent again. */
export const REQUEUED_MESSAGE = 'Queued again: the server stopped before its job was queued';

/**
 * Waiting runs with no job in the queue: enqueueCrawl writes the run, then sends its job, and a
 * process killed between the two left the run Waiting for good (and a first start's readiness
 * waiting on it). Each gets its job again, once at start. A job sent twice (another instance
 * sending its own at that moment) is harmless: the worker's claim lets one of them crawl the run.
 * A purged job's run has ended Failed already (operations/queueStatus.ts), so it is not among them.
 */
export async function requeueOrphanedRuns(
  db: Kysely<StoreDatabase>,
  boss: PgBoss,
  queue: string,
): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT r.id FROM crawl_runs r
     WHERE r.status = ${PROCESS_STATUS.waiting}
       AND NOT EXISTS (
         SELECT 1 FROM pgboss.job j
          WHERE j.name = ${queue} AND (j.data->>'runId')::int = r.id
            AND j.state IN ('created', 'retry', 'active'))
     ORDER BY r.id`.execute(db);
  const repo = new CrawlRepo(db);
  for (const { id } of rows) {
    await repo.updateRun(id, { message: REQUEUED_MESSAGE });
    await boss.send(queue, { runId: id }, { singletonKey: `crawl-${id}` });
  }
  return rows.map((r) => r.id);
}
