import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import { schedulePreview } from './schedulePreview.js';
import type { ReportMailerRow, ReportMailerRunRow } from './reportMailerRepo.js';
import { destinationOf } from './delivery/deliverReport.js';
import { groupTag, groupTagsById, type GroupTag } from './recipientGroups.js';

export const STATUS_NAMES: Record<number, string> = {
  1: 'Report Manager Success',
  2: 'In Progress',
  3: 'Report Delivered',
  4: 'Delivery Failed',
};

/** A mailer as the API shows it, with its timing in words; `tags` labels its group tags. */
function mailerView(m: ReportMailerRow, tags: ReadonlyMap<number, GroupTag> = new Map()) {
  const groups = (m.recipient_groups ?? []).map(
    (id) =>
      tags.get(id) ?? { id, value: groupTag(id), name: `#${id}`, users: 0, label: `Group #${id} (deleted)` },
  );
  return {
    id: m.id,
    name: m.name,
    reportType: m.report_type,
    filters: m.filters,
    /** Addresses and group tags (`group:<id>`), as the form edits them. */
    recipients: [...groups.map((g) => g.value), ...m.recipients],
    recipientGroups: groups,
    distribution: m.distribution,
    target: m.target,
    /** The recipients ('Group: Demo Brands (12)' for a tag), or the remote folder / container (no credential in it). */
    destination:
      m.distribution === 'email'
        ? [...groups.map((g) => g.label), ...m.recipients].join(', ')
        : destinationOf(m, '').replace(/\/$/, ''),
    /** The credential itself is write-only: the API only says whether one is stored. */
    secretSet: m.secret !== null && m.secret !== '',
    format: m.format,
    cron: m.cron,
    timeZone: m.time_zone,
    timing: schedulePreview(m.cron, m.time_zone),
    status: m.status,
    createdBy: m.created_by,
    updatedAt: m.updated_at,
  };
}

/** Views of some mailers, their group tags labelled with one look-up. */
export async function mailerViews(db: Kysely<StoreDatabase>, rows: ReportMailerRow[]) {
  const tags = await groupTagsById(db, [...new Set(rows.flatMap((m) => m.recipient_groups ?? []))]);
  return rows.map((m) => mailerView(m, tags));
}

export async function oneMailerView(db: Kysely<StoreDatabase>, row: ReportMailerRow) {
  return (await mailerViews(db, [row]))[0]!;
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
    trigger: r.trigger,
    attempts: r.attempts,
    deliveredTo: r.delivered_to,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
  };
}

/** A run-log row of the group's log, with its mailer (processmonitor screens). */
export function groupRunView(
  r: ReportMailerRunRow & { mailer_name: string; distribution: string; report_type: string },
) {
  return {
    ...runView(r),
    mailerName: r.mailer_name,
    distribution: r.distribution,
    reportType: r.report_type,
  };
}
