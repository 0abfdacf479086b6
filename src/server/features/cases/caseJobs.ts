import type { Deps } from '../../platform/deps.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import type { LoadEvent } from '../../platform/jobs/jobEvents.js';
import { createMailer } from '../../platform/mail/mailer.js';
import { publicUrl } from '../../platform/settings/env.js';
import { CaseRepo, type Reconciled } from './caseRepo.js';
import { evaluateCases } from './evaluateCases.js';
import { weeklyCasesMail } from './caseMail.js';
import { asNumberStyle } from '../../../shared/format/index.js';

export const CASES_QUEUE = 'cases-evaluate';
export const CASES_MAIL_QUEUE = 'cases-weekly-mail';
/** Every Monday at 08:00 India time, each owner's open cases (pg-boss cron with a time zone). */
export const CASES_MAIL_CRON = '0 8 * * 1';
const CASES_MAIL_TZ = 'Asia/Kolkata';

interface EvaluateData {
  groupId: number;
}

/**
 * Cases run as jobs, as alerts do: a finished warehouse load (the event its loader sends after
 * refreshing lost sales) queues one evaluation per group (a singleton key folds a burst), a
 * weekly cron mails each owner; at start every group with warehouse rows is evaluated, for loads
 * made while down and the demo generator's first load.
 */
export async function registerCaseRunner(deps: Deps & { jobs: Jobs }): Promise<void> {
  const { boss, events } = deps.jobs;
  const repo = new CaseRepo(deps.store.db);
  await boss.createQueue(CASES_QUEUE, { retryLimit: 2, retryDelay: 5, expireInSeconds: 15 * 60 });
  await boss.createQueue(CASES_MAIL_QUEUE, { retryLimit: 3, retryDelay: 60, retryBackoff: true });
  await boss.work<EvaluateData>(CASES_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    await evaluateGroupCases(deps, repo, job!.data.groupId);
  });
  await boss.work(CASES_MAIL_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
    await sendWeeklyCaseMails(deps, repo);
  });
  await boss.schedule(CASES_MAIL_QUEUE, CASES_MAIL_CRON, {}, { tz: CASES_MAIL_TZ, key: 'weekly' });
  events.on('load', (event: LoadEvent) => void queueCaseEvaluation(deps.jobs, event.groupId));
  const groups = await deps.warehouse.query<{ group_id: number }>('SELECT DISTINCT group_id FROM fact_stock');
  for (const g of groups) await queueCaseEvaluation(deps.jobs, Number(g.group_id));
}

export async function queueCaseEvaluation(jobs: Jobs, groupId: number): Promise<void> {
  await jobs.boss
    .send(CASES_QUEUE, { groupId } satisfies EvaluateData, { singletonKey: `cases-${groupId}` })
    .catch((error: unknown) => console.error('cases: could not queue an evaluation:', error));
}

/** The running evaluation of each group in this process: the next one waits for it. */
const running = new Map<number, Promise<unknown>>();

/**
 * Evaluates the config's case rules on the group's facts and keeps the store in step, one
 * evaluation of a group at a time: two at once could read the facts before and after a load and
 * write in the other order, leaving the older reading in the store.
 */
export function evaluateGroupCases(deps: Deps, repo: CaseRepo, groupId: number): Promise<Reconciled> {
  const before = running.get(groupId) ?? Promise.resolve();
  const run = before
    .catch(() => undefined)
    .then(async () => {
      const config = deps.config.current();
      const found = await evaluateCases(deps.warehouse, groupId, config.caseRules, config.datasets);
      return repo.reconcile(groupId, found);
    });
  running.set(groupId, run);
  void run
    .finally(() => {
      if (running.get(groupId) === run) running.delete(groupId);
    })
    .catch(() => undefined);
  return run;
}

/** One e-mail per owner with open or snoozed cases: them, largest opportunity first. */
export async function sendWeeklyCaseMails(deps: Deps, repo: CaseRepo): Promise<number> {
  const mailer = createMailer(deps.env, { info: () => undefined });
  const rules = deps.config.current().caseRules;
  let sent = 0;
  for (const groupId of await repo.groupsWithOwners()) {
    const members = new Map((await repo.members(groupId)).map((m) => [m.id, m]));
    for (const [ownerId, cases] of await repo.openByOwner(groupId)) {
      const owner = members.get(ownerId);
      if (!owner) continue; // no longer of the group: the cases wait for a new owner
      const mail = weeklyCasesMail(cases, rules, publicUrl(deps.env), asNumberStyle(owner.number_style));
      await mailer.send({ ...mail, to: owner.user_name });
      sent += 1;
    }
  }
  return sent;
}
