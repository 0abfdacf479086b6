import type { Job } from 'pg-boss';
import type { Deps } from '../../platform/deps.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { RUN_STATUS, ReportMailerRepo, type ReportMailerRow } from './reportMailerRepo.js';
import { attemptRun } from './runMailer.js';

/**
 * The delivery queue. Policy `exclusive`: at most one job per singleton key is queued, retrying or
 * active, so a re-trigger while the queue still retries the same run adds no second delivery.
 * (Named apart from the first slice's standard-policy `report-mailer`: a queue keeps its policy.)
 */
export const MAILER_QUEUE = 'report-deliveries';

export interface MailerJobData {
  mailerId: number;
  /** Set by run now and the re-trigger (the run row exists); a schedule's occurrence has none. */
  runId?: number;
}

const scheduleKey = (mailerId: number) => `mailer-${mailerId}`;

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
    });
  else await jobs.boss.unschedule(MAILER_QUEUE, scheduleKey(mailer.id));
}

/**
 * Run now / re-trigger: the run row exists (In Progress); the queue delivers it. Keyed by the run:
 * while a job of the run is still queued or retrying, no second one is added (that one delivers).
 */
export async function enqueueRun(jobs: Jobs, mailerId: number, runId: number): Promise<void> {
  await jobs.boss.send(MAILER_QUEUE, { mailerId, runId } satisfies MailerJobData, {
    singletonKey: `run-${runId}`,
  });
}

/**
 * Runs deliveries off the request path. A scheduled occurrence's run row is keyed by its job id,
 * so a retry of the job (after a failure or a kill -9) works on the same row; a run already
 * Delivered is acknowledged without sending again. A failed delivery throws, so pg-boss retries
 * it with back-off; each attempt is counted on the run.
 */
export async function registerMailerRunner(deps: Deps & { jobs: Jobs }): Promise<void> {
  const { boss } = deps.jobs;
  await boss.createQueue(MAILER_QUEUE, {
    policy: 'exclusive',
    retryLimit: 3,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 600,
    heartbeatSeconds: 10,
    expireInSeconds: 60 * 60,
  });
  const repo = new ReportMailerRepo(deps.store.db);
  await boss.work<MailerJobData>(
    MAILER_QUEUE,
    { pollingIntervalSeconds: 2 },
    async ([job]: Job<MailerJobData>[]) => {
      const mailer = await repo.byId(job!.data.mailerId);
      if (!mailer) return;
      let run;
      if (job!.data.runId) run = await repo.runById(job!.data.runId);
      else if (mailer.status === 'Active')
        run = await repo.startRun(mailer, mailer.created_by, 'schedule', `job:${job!.id}`);
      if (!run || run.status === RUN_STATUS.delivered) return;
      const result = await attemptRun(deps, repo, mailer, run);
      if (result.run.status === RUN_STATUS.failed) throw new Error(result.run.error ?? 'Delivery Failed');
    },
  );
}
