import nodemailer from 'nodemailer';
import type { Deps } from '../deps.js';
import type { Jobs } from '../jobs/jobs.js';
import { runExport } from '../reports/exportJob.js';
import { exportContext } from '../reports/exportContext.js';
import { ReportFileRepo, type ReportFileRow } from '../reports/reportFileRepo.js';
import { reportPath } from '../reports/reportPaths.js';
import {
  RUN_STATUS,
  type ReportMailerRepo,
  type ReportMailerRow,
  type ReportMailerRunRow,
} from './reportMailerRepo.js';

export const NO_SMTP = 'E-mail delivery needs SMTP_URL';

export interface MailerRunResult {
  run: ReportMailerRunRow;
  file: ReportFileRow;
  subject: string;
}

/**
 * One mailer run: builds the report with the export job's code (a report file of the group), then,
 * unless it is a dry run, e-mails it to the recipients as an attachment. The run-log row goes
 * 2 In Progress -> 1 Report Manager Success (report built) -> 3 Report Delivered or 4 Delivery Failed.
 */
export async function runMailer(
  deps: Deps & { jobs: Jobs },
  mailers: ReportMailerRepo,
  mailer: ReportMailerRow,
  userId: number | null,
  dryRun: boolean,
): Promise<MailerRunResult> {
  const files = new ReportFileRepo(deps.store.db);
  let run = await mailers.startRun(mailer, userId, dryRun);
  const ctx = exportContext(deps.config.current(), mailer.report_type);
  const day = new Date().toISOString().slice(0, 10);
  const stem = mailer.name.replace(/[^\w-]+/g, '-').slice(0, 60) || 'report';
  let file = await files.create({
    groupId: mailer.group_id,
    userId,
    kind: 'report',
    title: ctx.screen.title,
    endpoint: mailer.report_type,
    params: mailer.filters,
    format: mailer.format as 'xlsx' | 'csv',
    fileName: `${stem}-${day}.${mailer.format}`,
  });
  const subject = `${mailer.name}: ${ctx.screen.title} ${day}`;
  try {
    await runExport(deps, files, file);
    file = (await files.byId(file.id))!;
    run = await mailers.setRun(run.id, {
      status: RUN_STATUS.managerSuccess,
      fileId: file.id,
      finished: dryRun,
    });
    if (dryRun) return { run, file, subject };
    await sendByEmail(deps, mailer, file, subject);
    run = await mailers.setRun(run.id, { status: RUN_STATUS.delivered, finished: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (file.status !== 'ready') await files.fail(file.id, message);
    run = await mailers.setRun(run.id, {
      status: RUN_STATUS.failed,
      fileId: file.id,
      error: message,
      finished: true,
    });
  }
  return { run, file, subject };
}

async function sendByEmail(
  deps: Deps,
  mailer: ReportMailerRow,
  file: ReportFileRow,
  subject: string,
): Promise<void> {
  if (!deps.env.SMTP_URL) throw new Error(NO_SMTP);
  const transport = nodemailer.createTransport(deps.env.SMTP_URL);
  try {
    await transport.sendMail({
      from: deps.env.MAIL_FROM,
      to: mailer.recipients,
      subject,
      text: `${subject}\n\n${file.rows} rows, attached as ${file.file_name}.\n`,
      attachments: [{ filename: file.file_name, path: reportPath(deps.env.DATA_DIR, file) }],
    });
  } finally {
    transport.close();
  }
}
