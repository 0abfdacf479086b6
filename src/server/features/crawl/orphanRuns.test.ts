import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PROCESS_STATUS } from '../../../shared/crawl/crawlVocabulary.js';
import { storeMigrations } from '../../storeMigrations.js';
import type { Deps } from '../../platform/deps.js';
import { startJobs, type Jobs } from '../../platform/jobs/jobs.js';
import { loadEnv } from '../../platform/settings/env.js';
import { createStore } from '../../platform/store/createStore.js';
import { createGroup } from '../../platform/store/groupRepo.js';
import { createPgTestDatabase } from '../../platform/store/testing/pgTestDatabase.js';
import { CRAWL_QUEUE, enqueueCrawl, registerCrawlRunner } from './crawlJob.js';
import { CrawlRepo } from './crawlRepo.js';
import { REQUEUED_MESSAGE, requeueOrphanedRuns } from './orphanRuns.js';

describe('a crawl run left Waiting without its job (a kill between the run and the job)', () => {
  it('is queued again when the runner starts, once, and crawled; a run with its job is left alone', async () => {
    const database = await createPgTestDatabase('ss_orphan_runs');
    const env = loadEnv({ DATABASE_URL: database.url, DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
    const store = await createStore(env, storeMigrations());
    let jobs: Jobs | undefined;
    try {
      jobs = await startJobs(env, store);
      await jobs.boss.createQueue(CRAWL_QUEUE);
      const group = await createGroup(store.db, { group_name: 'Orphans', end_date: null });
      const repo = new CrawlRepo(store.db);
      const day = { groupId: group.id, channelId: 1, crawlType: 0, date: '2026-11-22' };
      const orphan = await repo.createRun({ ...day, status: PROCESS_STATUS.waiting });
      const queued = await enqueueCrawl(repo, jobs, day);
      await repo.createRun({ ...day, status: PROCESS_STATUS.success });

      // The start's sweep runs inside registerCrawlRunner: the orphan gets a job, then a worker.
      await registerCrawlRunner({ store, jobs } as unknown as Deps & { jobs: Jobs });
      // No channel profile in this store: each crawl ends Failed, which shows the worker took it.
      const ended = async () =>
        Promise.all([orphan.id, queued.id].map(async (id) => (await repo.runById(id))!));
      await expect
        .poll(async () => (await ended()).map((r) => [r.status, r.message]), { timeout: 10_000 })
        .toEqual([
          [PROCESS_STATUS.failed, 'No channel profile for this channel'],
          [PROCESS_STATUS.failed, 'No channel profile for this channel'],
        ]);
      const perRun = await sql<{ run: string; n: number }>`
        SELECT data->>'runId' AS run, COUNT(*)::int AS n FROM pgboss.job WHERE name = ${CRAWL_QUEUE}
         GROUP BY 1 ORDER BY 1`.execute(store.db);
      expect(perRun.rows).toEqual([
        { run: String(orphan.id), n: 1 },
        { run: String(queued.id), n: 1 },
      ]);

      // While it waits, the monitor says why (a queue no worker reads keeps it waiting); a later
      // start finds nothing more to send.
      await jobs.boss.createQueue('crawl-paused');
      const another = await repo.createRun({ ...day, status: PROCESS_STATUS.waiting });
      expect(await requeueOrphanedRuns(store.db, jobs.boss, 'crawl-paused')).toEqual([another.id]);
      expect((await repo.runById(another.id))!.message).toBe(REQUEUED_MESSAGE);
      expect(await requeueOrphanedRuns(store.db, jobs.boss, 'crawl-paused')).toEqual([]);
    } finally {
      await jobs?.stop();
      await store.close();
      await database.drop();
    }
  });
});
