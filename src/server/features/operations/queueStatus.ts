import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { PROCESS_STATUS } from '../../../shared/crawl/crawlVocabulary.js';
import { CRAWL_QUEUE } from '../crawl/crawlJob.js';
import { CRAWL_SCHEDULE_QUEUE } from '../crawl/crawlTimings.js';
import { EXPORT_QUEUE } from '../reports/exportJob.js';
import { MAILER_QUEUE } from '../reportMailers/mailerSchedule.js';
import { RUN_STATUS } from '../reportMailers/reportMailerRepo.js';
import { ELASTIC_QUEUE } from '../suggestionIndex/elasticJob.js';
import { EVALUATE_QUEUE } from '../alerts/alertJobs.js';

/**
 * The job queues as the process monitor's Queue Status shows them. pg-boss queues are shared by
 * every group, so each count is of this group's jobs only: a job names the row it works on (a
 * crawl run, a timing, an export file, an elastic run, a mailer) and that row names the group; an
 * alert evaluation names the group itself. The daily alert digest serves every group: not shown.
 */
const QUEUES = [
  { queue: CRAWL_QUEUE, label: 'Crawl runs', key: 'runId', owner: 'crawl_runs' },
  { queue: CRAWL_SCHEDULE_QUEUE, label: 'Scheduled crawl starts', key: 'timingId', owner: 'crawl_timings' },
  { queue: EXPORT_QUEUE, label: 'Report exports', key: 'fileId', owner: 'report_files' },
  { queue: MAILER_QUEUE, label: 'Report mailers', key: 'mailerId', owner: 'report_mailers' },
  { queue: ELASTIC_QUEUE, label: 'Elastic re-index', key: 'runId', owner: 'elastic_runs' },
  { queue: EVALUATE_QUEUE, label: 'Alert evaluations', key: 'groupId', owner: null },
] as const;

export const QUEUE_NAMES: readonly string[] = QUEUES.map((q) => q.queue);

export interface QueueRow {
  id: string;
  queue: string;
  label: string;
  waiting: number;
  active: number;
  completed: number;
  failed: number;
  cancelled: number;
  oldest_waiting: string | null;
}

/** The group's jobs of one queue: job id, state, created time. */
function groupJobs(db: Kysely<StoreDatabase>, q: (typeof QUEUES)[number], groupId: number) {
  if (q.owner === null)
    return sql<{ id: string; state: string; created_on: Date }>`
      SELECT j.id, j.state::text AS state, j.created_on FROM pgboss.job j
       WHERE j.name = ${q.queue} AND (j.data->>${q.key})::int = ${groupId}`.execute(db);
  return sql<{ id: string; state: string; created_on: Date }>`
    SELECT j.id, j.state::text AS state, j.created_on
      FROM pgboss.job j JOIN ${sql.table(q.owner)} o ON o.id = (j.data->>${q.key})::int
     WHERE j.name = ${q.queue} AND o.group_id = ${groupId}`.execute(db);
}

export async function queueStatus(db: Kysely<StoreDatabase>, groupId: number): Promise<QueueRow[]> {
  const rows: QueueRow[] = [];
  for (const q of QUEUES) {
    const jobs = (await groupJobs(db, q, groupId)).rows;
    const count = (...states: string[]) => jobs.filter((j) => states.includes(j.state)).length;
    const waiting = jobs.filter((j) => j.state === 'created' || j.state === 'retry');
    const oldest = waiting.map((j) => new Date(j.created_on).getTime()).sort((a, b) => a - b)[0];
    rows.push({
      id: q.queue,
      queue: q.queue,
      label: q.label,
      waiting: waiting.length,
      active: count('active'),
      completed: count('completed'),
      failed: count('failed'),
      cancelled: count('cancelled'),
      oldest_waiting: oldest === undefined ? null : new Date(oldest).toISOString(),
    });
  }
  return rows;
}

/**
 * The rows a purged job would have worked on end Failed with the reason, so no screen waits on
 * them: a Waiting crawl or elastic run, a queued export file, a mailer run sent by Run Now.
 */
async function endPurgedWork(
  db: Kysely<StoreDatabase>,
  queue: string,
  groupId: number,
  jobIds: readonly string[],
): Promise<void> {
  const ids = sql.join(jobIds);
  const reason = 'Purged from the queue';
  if (queue === CRAWL_QUEUE || queue === ELASTIC_QUEUE)
    await sql`
      UPDATE ${sql.table(queue === CRAWL_QUEUE ? 'crawl_runs' : 'elastic_runs')} r
         SET status = ${PROCESS_STATUS.failed}, message = ${reason}, finished_at = now()
        FROM pgboss.job j
       WHERE j.id::text IN (${ids}) AND r.id = (j.data->>'runId')::int
         AND r.group_id = ${groupId} AND r.status = ${PROCESS_STATUS.waiting}`.execute(db);
  if (queue === EXPORT_QUEUE)
    await sql`
      UPDATE report_files f SET status = 'failed', error = ${reason}, finished_at = now()
        FROM pgboss.job j
       WHERE j.id::text IN (${ids}) AND f.id = (j.data->>'fileId')::int
         AND f.group_id = ${groupId} AND f.status = 'queued'`.execute(db);
  if (queue === MAILER_QUEUE)
    await sql`
      UPDATE report_mailer_runs r SET status = ${RUN_STATUS.failed}, error = ${reason}, finished_at = now()
        FROM pgboss.job j
       WHERE j.id::text IN (${ids}) AND r.id = (j.data->>'runId')::int
         AND r.group_id = ${groupId} AND r.status = ${RUN_STATUS.inProgress}`.execute(db);
}

/**
 * Purge: cancels the group's waiting jobs of the queue (never a running one, never another
 * group's); a purged crawl's run ends Failed with the reason, so the monitor does not wait on it.
 */
export async function purgeQueue(
  db: Kysely<StoreDatabase>,
  jobs: Jobs,
  groupId: number,
  queue: string,
): Promise<number> {
  const q = QUEUES.find((x) => x.queue === queue);
  if (!q) return 0;
  const waiting = (await groupJobs(db, q, groupId)).rows.filter(
    (j) => j.state === 'created' || j.state === 'retry',
  );
  if (waiting.length === 0) return 0;
  await jobs.boss.cancel(
    q.queue,
    waiting.map((j) => j.id),
  );
  await endPurgedWork(
    db,
    q.queue,
    groupId,
    waiting.map((j) => j.id),
  );
  return waiting.length;
}
