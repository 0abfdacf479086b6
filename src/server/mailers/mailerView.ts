import { schedulePreview } from './schedulePreview.js';
import type { ReportMailerRow, ReportMailerRunRow } from './reportMailerRepo.js';

const STATUS_NAMES: Record<number, string> = {
  1: 'Report Manager Success',
  2: 'In Progress',
  3: 'Report Delivered',
  4: 'Delivery Failed',
};

/** A mailer as the API shows it, with its timing in words. */
export function mailerView(m: ReportMailerRow) {
  return {
    id: m.id,
    name: m.name,
    reportType: m.report_type,
    filters: m.filters,
    recipients: m.recipients,
    distribution: m.distribution,
    format: m.format,
    cron: m.cron,
    timeZone: m.time_zone,
    timing: schedulePreview(m.cron, m.time_zone),
    status: m.status,
    createdBy: m.created_by,
    updatedAt: m.updated_at,
  };
}

export function runView(r: ReportMailerRunRow) {
  return {
    id: r.id,
    mailerId: r.mailer_id,
    dryRun: r.dry_run,
    status: r.status,
    statusName: STATUS_NAMES[r.status],
    fileId: r.file_id,
    recipients: r.recipients,
    error: r.error,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
  };
}
