import type { Job } from 'pg-boss';
import { PROCESS_STATUS } from '../../../shared/crawl/crawlVocabulary.js';
import type { Deps } from '../../platform/deps.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { buildSuggestionIndex } from './buildSuggestionIndex.js';
import { indexSources } from './indexSources.js';
import { elasticRunById, finishElasticRun, startElasticRun, type ElasticRun } from './elasticRuns.js';

export const ELASTIC_QUEUE = 'elastic-index';

interface ElasticJobData {
  runId: number;
}

/** Queues a Waiting run's job; false when the queue did not take it. */
export async function enqueueElastic(jobs: Jobs, run: ElasticRun): Promise<boolean> {
  const id = await jobs.boss.send(ELASTIC_QUEUE, { runId: run.id } satisfies ElasticJobData, {
    singletonKey: `elastic-${run.id}`,
  });
  return id !== null;
}

/** Declares the queue and runs its jobs here, one at a time per process (as the crawls). */
export async function registerElasticRunner(deps: Deps & { jobs: Jobs }): Promise<void> {
  const { boss } = deps.jobs;
  const db = deps.store.db;
  await boss.createQueue(ELASTIC_QUEUE, { retryLimit: 0, heartbeatSeconds: 10, expireInSeconds: 30 * 60 });
  await boss.work<ElasticJobData>(
    ELASTIC_QUEUE,
    { localConcurrency: 1, pollingIntervalSeconds: 1 },
    async ([job]: Job<ElasticJobData>[]) => {
      const run = await elasticRunById(db, job!.data.runId);
      if (!run || run.status !== PROCESS_STATUS.waiting) return;
      await startElasticRun(db, run.id);
      try {
        const targets = indexSources(deps.config.current()).get(run.source) ?? [];
        const out = await buildSuggestionIndex(deps.warehouse, targets, {
          groupId: run.group_id,
          source: run.source,
          runId: run.id,
          batchLimit: run.batch_limit,
          intervalDays: run.interval_days,
        });
        const tables = targets.length;
        await finishElasticRun(db, run.id, {
          status: out.entries > 0 ? PROCESS_STATUS.success : PROCESS_STATUS.noData,
          message:
            out.entries > 0
              ? `${out.entries} entries of ${tables} fact table${tables === 1 ? '' : 's'} indexed`
              : 'No crawled data in the time interval',
          entries: out.entries,
          batches: out.batches,
          from: out.fromDate,
          to: out.toDate,
        });
      } catch (error) {
        await finishElasticRun(db, run.id, {
          status: PROCESS_STATUS.failed,
          message: error instanceof Error ? error.message : String(error),
        });
      }
    },
  );
}
