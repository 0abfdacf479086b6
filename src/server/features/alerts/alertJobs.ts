import type { Deps } from '../../platform/deps.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import type { LoadEvent } from '../../platform/jobs/jobEvents.js';
import { createMailer } from '../../platform/mail/mailer.js';
import { publicUrl } from '../../platform/settings/env.js';
import { AlertRepo } from './alertRepo.js';
import { evaluateAlerts } from './evaluateAlerts.js';
import { digestMail } from './digestMail.js';

export const EVALUATE_QUEUE = 'alert-evaluate';
export const DIGEST_QUEUE = 'alert-digest';
/** The digest goes out every morning at 08:00 India time (pg-boss cron with a time zone). */
export const DIGEST_CRON = '0 8 * * *';
export const DIGEST_TZ = 'Asia/Kolkata';

interface EvaluateData {
  groupId: number;
}

/**
 * Alerts run as jobs: a finished warehouse load queues one evaluation per group (a singleton key
 * folds a burst of loads into one), and a daily cron sends each group its e-mail digest once
 * across instances. At start every group with rules is evaluated, for loads made while down
 * (and the demo generator's first load).
 */
export async function registerAlertRunner(deps: Deps & { jobs: Jobs }): Promise<void> {
  const { boss, events } = deps.jobs;
  const repo = new AlertRepo(deps.store.db);
  await boss.createQueue(EVALUATE_QUEUE, { retryLimit: 2, retryDelay: 5, expireInSeconds: 15 * 60 });
  await boss.createQueue(DIGEST_QUEUE, {
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 30 * 60,
  });
  await boss.work<EvaluateData>(EVALUATE_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    await evaluateGroup(deps, repo, job!.data.groupId);
  });
  await boss.work(DIGEST_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
    await sendDigests(deps, repo);
  });
  await boss.schedule(DIGEST_QUEUE, DIGEST_CRON, {}, { tz: DIGEST_TZ, key: 'daily' });

  events.on('load', (event: LoadEvent) => void queueEvaluation(deps.jobs, event.groupId));
  const groups = await deps.store.db
    .selectFrom('alert_rules')
    .select('group_id')
    .distinct()
    .where('status', '=', 'Active')
    .execute();
  for (const g of groups) await queueEvaluation(deps.jobs, g.group_id);
}

export async function queueEvaluation(jobs: Jobs, groupId: number): Promise<void> {
  await jobs.boss
    .send(EVALUATE_QUEUE, { groupId } satisfies EvaluateData, { singletonKey: `alerts-${groupId}` })
    .catch((error: unknown) => console.error('alerts: could not queue an evaluation:', error));
}

/** Raises the group's new alerts (duplicates dropped by the store) and tells its sockets. */
export async function evaluateGroup(
  deps: Deps & { jobs: Jobs },
  repo: AlertRepo,
  groupId: number,
): Promise<number> {
  const rules = await repo.rules(groupId);
  const found = await evaluateAlerts(deps.warehouse, groupId, rules, deps.config.current().datasets);
  const raised = await repo.raise(found);
  if (raised.length)
    deps.jobs.events.emit('alert', { groupId, count: raised.length, title: raised[0]!.title });
  return raised.length;
}

/** One e-mail per group to its active rules' recipients, carrying every alert not sent before. */
export async function sendDigests(deps: Deps, repo: AlertRepo): Promise<number> {
  const mailer = createMailer(deps.env, { info: () => undefined });
  let sent = 0;
  for (const groupId of await repo.groupsPendingDigest()) {
    const rules = await repo.rules(groupId);
    const recipients = [...new Set(rules.filter((r) => r.status === 'Active').flatMap((r) => r.recipients))];
    const alerts = await repo.claimDigest(groupId);
    if (alerts.length === 0 || recipients.length === 0) continue; // nobody to tell: claimed, not kept forever
    try {
      await mailer.send({ ...digestMail(alerts, publicUrl(deps.env)), to: recipients.join(', ') });
      sent += 1;
    } catch (error) {
      await repo.releaseDigest(alerts.map((a) => a.id));
      throw error;
    }
  }
  return sent;
}
