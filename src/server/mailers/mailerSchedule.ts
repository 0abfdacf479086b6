import type { Job } from 'pg-boss';
import type { Deps } from '../deps.js';
import type { Jobs } from '../jobs/jobs.js';
import { RUN_STATUS, ReportMailerRepo, type ReportMailerRow } from './reportMailerRepo.js';
import { runMailer } from './runMailer.js';

export const MAILER_QUEUE = 'report-mailer';

export interface MailerJobData {
  mailerId: number;
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
    });
  else await jobs.boss.unschedule(MAILER_QUEUE, scheduleKey(mailer.id));
}

/** Runs scheduled deliveries; a failed delivery is retried with back-off (each attempt is logged). */
export async function registerMailerRunner(deps: Deps & { jobs: Jobs }): Promise<void> {
  const { boss } = deps.jobs;
  await boss.createQueue(MAILER_QUEUE, {
    retryLimit: 3,
    retryDelay: 30,
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
      if (!mailer || mailer.status !== 'Active') return;
      const { run } = await runMailer(deps, repo, mailer, mailer.created_by, false);
      if (run.status === RUN_STATUS.failed) throw new Error(run.error ?? 'Delivery Failed');
    },
  );
}
