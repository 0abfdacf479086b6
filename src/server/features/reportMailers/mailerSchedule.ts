import type { Job } from 'pg-boss';
import type { Deps } from '../../platform/deps.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import {
  RUN_STATUS,
  ReportMailerRepo,
  type ReportMailerRow,
  type ReportMailerRunRow,
} from './reportMailerRepo.js';
import { attemptRun } from './runMailer.js';

/**
 * The delivery queue. Policy `exclusive`: at most one job per singleton key is queued, retrying or
 * active, so a double click on run now or re-trigger adds no second job.
 * (Named apart from the first slice's standard-policy `report-mailer`: a queue keeps its policy.)
 */
export const MAILER_QUEUE = 'report-deliveries';

export interface MailerJobData {
  mailerId: number;
  /** Set by run now and the re-trigger (the run row exists); a schedule's occurrence has none. */
  runId?: number;
}

/** Where a delivery's final failure goes: its run is marked Failed with the reason (orphans too). */
export const MAILER_DEAD_QUEUE = 'report-deliveries-dead';
/** Deliveries running at once on one instance; one group's at most DELIVERIES_PER_GROUP of them. */
export const DELIVERY_WORKERS = 4;
export const DELIVERIES_PER_GROUP = 1;
export const INTERRUPTED =
  'Interrupted: the server stopped during this delivery attempt; the queue retries it.';
export const GAVE_UP = 'Delivery Failed: the queue gave up after its retries.';

const UNFINISHED: readonly number[] = [RUN_STATUS.inProgress, RUN_STATUS.managerSuccess];

const scheduleKey = (mailerId: number) => `mailer-${mailerId}`;
/** pg-boss group of a tenant's deliveries: the per-group limit is counted over it, on every instance. */
const deliveryGroup = (groupId: number) => ({ id: `group-${groupId}` });

/**
 * An Active mailer has one pg-boss cron schedule in its own time zone (pg-boss sends each
 * occurrence once across instances); an In-Active one has none.
 */
export async function syncMailerSchedule(jobs: Jobs, mailer: ReportMailerRow): Promise<void> {
  if (mailer.status === 'Active')
    await jobs.boss.schedule(MAILER_QUEUE, mailer.cron, { mailerId: mailer.id } satisfies MailerJobData, {
      tz: mailer.time_zone,
      key: scheduleKey(mailer.id),
      // One occurrence of a mailer at a time (a slow delivery never overlaps the next one).
      singletonKey: scheduleKey(mailer.id),
      group: deliveryGroup(mailer.group_id),
    });
  else await jobs.boss.unschedule(MAILER_QUEUE, scheduleKey(mailer.id));
}

/**
 * Run now / re-trigger: the run row exists (In Progress); the queue delivers it. Keyed by the run:
 * while a job of the run is still queued or retrying, no second one is added (that one delivers).
 */
export async function enqueueRun(
  jobs: Jobs,
  run: Pick<ReportMailerRunRow, 'id' | 'mailer_id' | 'group_id' | 'attempts'>,
): Promise<void> {
  await jobs.boss.send(MAILER_QUEUE, { mailerId: run.mailer_id, runId: run.id } satisfies MailerJobData, {
    // Per attempt count: a re-trigger gets its own job even while the queue still holds a retry
    // of the run; the run's attempt owner keeps the two from delivering at once.
    singletonKey: `run-${run.id}-${run.attempts}`,
    group: deliveryGroup(run.group_id),
  });
}

/**
 * Runs deliveries off the request path. A scheduled occurrence's run row is keyed by its job id,
 * so a retry of the job (after a failure or a kill -9) works on the same row; a run already
 * Delivered is acknowledged without sending again. A failed delivery throws, so pg-boss retries
 * it with back-off; each attempt is counted on the run.
 *
 * Up to DELIVERY_WORKERS deliveries run at once, DELIVERIES_PER_GROUP per group across instances
 * (pg-boss group concurrency): one tenant's silent destination holds its own slot only, every
 * attempt is bounded by the delivery timeouts. A run found In Progress at a retry was orphaned
 * by a crash (a finished attempt leaves it Delivered or Failed): it is marked Failed with that
 * reason before the retry begins; a job the queue gives up on (a crash on the last try too)
 * reaches the dead-letter queue, whose worker ends its run Failed.
 */
export async function registerMailerRunner(deps: Deps & { jobs: Jobs }): Promise<void> {
  const { boss } = deps.jobs;
  await boss.createQueue(MAILER_DEAD_QUEUE);
  await boss.createQueue(MAILER_QUEUE, {
    policy: 'exclusive',
    retryLimit: 3,
    retryDelay: deps.env.MAILER_RETRY_SECONDS,
    retryBackoff: true,
    retryDelayMax: 600,
    heartbeatSeconds: 10,
    expireInSeconds: 60 * 60,
    deadLetter: MAILER_DEAD_QUEUE,
  });
  // A queue keeps the options it was created with: stores made before the dead-letter queue get it
  // now, and a changed MAILER_RETRY_SECONDS takes effect at the next start.
  await boss.updateQueue(MAILER_QUEUE, {
    deadLetter: MAILER_DEAD_QUEUE,
    retryDelay: deps.env.MAILER_RETRY_SECONDS,
  });
  const repo = new ReportMailerRepo(deps.store.db);
  await boss.work<MailerJobData>(
    MAILER_QUEUE,
    {
      pollingIntervalSeconds: 2,
      localConcurrency: DELIVERY_WORKERS,
      groupConcurrency: DELIVERIES_PER_GROUP,
    },
    async ([job]: Job<MailerJobData>[]) => {
      const mailer = await repo.byId(job!.data.mailerId);
      if (!mailer) return;
      let run = await runOfJob(repo, mailer, job!);
      if (!run || run.status === RUN_STATUS.delivered) return;
      const owner = `job:${job!.id}`;
      // Still unfinished under this job's name at a retry: its last attempt died. (Unfinished under
      // another job's name, the attempt's claim below is refused and this job ends.)
      if (job!.retryCount > 0 && UNFINISHED.includes(run.status) && run.attempt_owner === owner)
        run = await repo.setRun(run.id, { status: RUN_STATUS.failed, error: INTERRUPTED, finished: true });
      const result = await attemptRun(deps, repo, mailer, run, { owner, signal: job!.signal });
      if (result.run.status === RUN_STATUS.failed) throw new Error(result.run.error ?? 'Delivery Failed');
    },
  );
  await boss.work<MailerJobData>(MAILER_DEAD_QUEUE, { pollingIntervalSeconds: 5 }, async ([job]) => {
    const { runId, mailerId } = job!.data;
    await repo.failUnfinishedRuns(mailerId, runId, GAVE_UP);
  });
}

/** The run a job works on: named by run now / re-trigger, keyed by the job for a schedule's occurrence. */
async function runOfJob(repo: ReportMailerRepo, mailer: ReportMailerRow, job: Job<MailerJobData>) {
  if (job.data.runId) return repo.runById(job.data.runId);
  if (mailer.status !== 'Active') return undefined;
  return repo.startRun(mailer, mailer.created_by, 'schedule', `job:${job.id}`);
}
