import type { Deps } from '../../platform/deps.js';
import { REPORT_DELIVERY_STATUS } from '../../../shared/vocab/vocabularies.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { runExport } from '../reports/exportJob.js';
import { exportContext } from '../reports/exportContext.js';
import { ReportFileRepo, type ReportFileRow } from '../reports/reportFileRepo.js';
import { reportPath } from '../reports/reportPaths.js';
import { deliverReport, destinationOf } from './delivery/deliverReport.js';
import {
  MAX_RECIPIENTS,
  NO_ACTIVE_RECIPIENT,
  recipientsAtSend,
  tooManyRecipients,
} from './recipientGroups.js';
import {
  RUN_STATUS,
  type ReportMailerRepo,
  type ReportMailerRow,
  type ReportMailerRunRow,
} from './reportMailerRepo.js';

export interface MailerRunResult {
  run: ReportMailerRunRow;
  file: ReportFileRow | undefined;
  subject: string;
  /** Where the report goes: the recipients, or the remote file. */
  destination: string;
  /** The e-mail recipients of this send, group tags expanded (the stored addresses otherwise). */
  recipients: string[];
}

type RunDeps = Deps & { jobs: Jobs };

/** A run's step to the socket of the user who started it (a schedule's run has nobody to tell). */
function tellProgress(deps: RunDeps, run: ReportMailerRunRow): void {
  if (run.started_by === null) return;
  const status = run.status as keyof typeof REPORT_DELIVERY_STATUS;
  deps.jobs.events.emit('mailer', {
    groupId: run.group_id,
    userId: run.started_by,
    runId: run.id,
    mailerId: run.mailer_id,
    status: run.status,
    statusName: REPORT_DELIVERY_STATUS[status]?.label ?? String(run.status),
    dryRun: run.dry_run,
    ...(run.error ? { error: run.error } : {}),
  });
}

/** A run's new status, stored and then told. */
async function setAndTell(
  deps: RunDeps,
  mailers: ReportMailerRepo,
  id: number,
  change: Parameters<ReportMailerRepo['setRun']>[1],
): Promise<ReportMailerRunRow> {
  const run = await mailers.setRun(id, change);
  tellProgress(deps, run);
  return run;
}

/** Subject and remote file name are fixed by the run (its id and start day), so a resend repeats them. */
export function runNaming(deps: Deps, mailer: ReportMailerRow, run: ReportMailerRunRow) {
  const day = new Date(run.started_at).toISOString().slice(0, 10);
  const stem = mailer.name.replace(/[^\w-]+/g, '-').slice(0, 60) || 'report';
  const title = exportContext(deps.config.current(), mailer.report_type).screen.title;
  return {
    subject: `${mailer.name}: ${title} ${day}`,
    remoteName: `${stem}-${day}-r${run.id}.${mailer.format}`,
  };
}

/** The run's report: the one already built by an earlier attempt, else a new report file. */
async function buildReport(
  deps: RunDeps,
  mailers: ReportMailerRepo,
  mailer: ReportMailerRow,
  run: ReportMailerRunRow,
  fileName: string,
): Promise<{ run: ReportMailerRunRow; file: ReportFileRow }> {
  const files = new ReportFileRepo(deps.store.db);
  const earlier = run.file_id ? await files.byId(run.file_id) : undefined;
  if (earlier?.status === 'ready') return { run, file: earlier };
  const ctx = exportContext(deps.config.current(), mailer.report_type);
  let file = await files.create({
    groupId: mailer.group_id,
    userId: run.started_by,
    kind: 'report',
    title: ctx.screen.title,
    endpoint: mailer.report_type,
    params: mailer.filters,
    format: mailer.format as 'xlsx' | 'csv',
    fileName,
  });
  run = await setAndTell(deps, mailers, run.id, { status: RUN_STATUS.inProgress, fileId: file.id });
  try {
    await runExport(deps, files, file);
  } catch (error) {
    await files.fail(file.id, error instanceof Error ? error.message : String(error));
    throw error;
  }
  file = (await files.byId(file.id))!;
  run = await setAndTell(deps, mailers, run.id, { status: RUN_STATUS.managerSuccess, fileId: file.id });
  return { run, file };
}

/**
 * One attempt at a run: 2 In Progress -> (report built) 1 Report Manager Success -> delivered
 * -> 3 Report Delivered, or 4 Delivery Failed with the error. A dry run stops at 1 and sends
 * nothing. A run already Delivered is left alone: that is what makes a retried job (after a
 * kill -9 between "delivered" and the queue's acknowledgement) send nothing twice.
 */
export async function attemptRun(
  deps: RunDeps,
  mailers: ReportMailerRepo,
  mailer: ReportMailerRow,
  run: ReportMailerRunRow,
  /**
   * Who makes the attempt (`job:<id>` for the queue, else the route's own) and the queue job's
   * signal, aborted when pg-boss gives the job up, which ends the delivery too.
   */
  attempt: { owner: string; signal?: AbortSignal } = { owner: `direct:${run.id}` },
): Promise<MailerRunResult> {
  const jobSignal = attempt.signal;
  const naming = runNaming(deps, mailer, run);
  let destination = destinationOf(mailer, naming.remoteName);
  let recipients = run.recipients;
  let file: ReportFileRow | undefined;
  const answer = () => ({ run, file, subject: naming.subject, destination, recipients });
  if (run.status === RUN_STATUS.delivered) return answer();
  const claimed = await mailers.claimAttempt(run.id, attempt.owner);
  // Another job's attempt is under way (a re-trigger's beside a pending retry): that one delivers.
  if (!claimed) return answer();
  run = claimed;
  tellProgress(deps, run);
  try {
    if (mailer.distribution === 'email') {
      // Group tags expand now, not at the save: the run log keeps who this send reached.
      recipients = await recipientsAtSend(deps.store.db, mailer);
      run = await setAndTell(deps, mailers, run.id, { status: RUN_STATUS.inProgress, recipients });
      mailer = { ...mailer, recipients };
      destination = destinationOf(mailer, naming.remoteName);
      if (!recipients.length) throw new Error(NO_ACTIVE_RECIPIENT);
      if (recipients.length > MAX_RECIPIENTS) throw new Error(tooManyRecipients(recipients.length));
    }
    ({ run, file } = await buildReport(deps, mailers, mailer, run, naming.remoteName));
    if (run.dry_run) {
      run = await setAndTell(deps, mailers, run.id, { status: RUN_STATUS.managerSuccess, finished: true });
      return answer();
    }
    const where = await deliverReport(
      deps,
      mailer,
      { localPath: reportPath(deps.env.DATA_DIR, file), remoteName: naming.remoteName, rows: file.rows },
      naming.subject,
      run.delivery_key ?? `run-${run.id}`,
      jobSignal,
    );
    // Marked in the store before the job is acknowledged: a retry of this job finds it delivered.
    run = await setAndTell(deps, mailers, run.id, {
      status: RUN_STATUS.delivered,
      deliveredTo: where,
      finished: true,
    });
  } catch (error) {
    run = await setAndTell(deps, mailers, run.id, {
      status: RUN_STATUS.failed,
      error: error instanceof Error ? error.message : String(error),
      finished: true,
    });
  }
  return answer();
}
