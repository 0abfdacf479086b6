import type { Kysely } from 'kysely';
import { auditChange } from '../../platform/store/auditRepo.js';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import { ReportMailerRepo, type ReportMailerRow } from './reportMailerRepo.js';

export type MailerAction = 'created' | 'edited' | 'toggled';

/** The audit entry of one mailer write, in the write's transaction. */
export function auditMailer(
  tx: Kysely<StoreDatabase>,
  actor: { userId: number; groupId: number },
  action: MailerAction,
  before: ReportMailerRow | undefined,
  row: ReportMailerRow,
) {
  return auditChange(tx, {
    actor: actor.userId,
    groupId: actor.groupId,
    entity: 'reportMailer',
    entityId: row.id,
    action: `reportMailer.${action}`,
    before: before ? audited(before) : null,
    after: audited(row),
  });
}

/** What the audit log keeps of a mailer: its settings, never the sealed secret. */
function audited(row: ReportMailerRow) {
  return {
    name: row.name,
    report_type: row.report_type,
    filters: row.filters,
    recipients: row.recipients,
    recipient_groups: row.recipient_groups,
    distribution: row.distribution,
    target: row.target,
    format: row.format,
    cron: row.cron,
    time_zone: row.time_zone,
    status: row.status,
  };
}

/**
 * A mailer write and its audit entry (who, group, before -> after) in one transaction, as every
 * other admin write: a write the log does not show never happened, and the reverse.
 */
export function auditedMailerWrite(
  db: Kysely<StoreDatabase>,
  actor: { userId: number; groupId: number },
  action: MailerAction,
  before: ReportMailerRow | undefined,
  write: (repo: ReportMailerRepo) => Promise<ReportMailerRow | undefined>,
): Promise<ReportMailerRow | undefined> {
  return db.transaction().execute(async (tx) => {
    const row = await write(new ReportMailerRepo(tx));
    if (row) await auditMailer(tx, actor, action, before, row);
    return row;
  });
}
