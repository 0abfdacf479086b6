import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReportMailerRunsTable, ReportMailersTable, StoreDatabase } from '../store/storeDatabase.js';

export type ReportMailerRow = Selectable<ReportMailersTable>;
export type ReportMailerRunRow = Selectable<ReportMailerRunsTable>;

export interface MailerFields {
  name: string;
  reportType: string;
  filters: Record<string, string>;
  recipients: string[];
  distribution: 'email';
  format: 'xlsx' | 'csv';
  cron: string;
  timeZone: string;
  status: 'Active' | 'In-Active';
}

/** Spec §4 report delivery status. */
export const RUN_STATUS = { managerSuccess: 1, inProgress: 2, delivered: 3, failed: 4 } as const;

function columns(f: MailerFields) {
  return {
    name: f.name,
    report_type: f.reportType,
    filters: JSON.stringify(f.filters),
    recipients: JSON.stringify(f.recipients),
    distribution: f.distribution,
    format: f.format,
    cron: f.cron,
    time_zone: f.timeZone,
    status: f.status,
  };
}

/** Report mailers and their run log; every read and write names the group. */
export class ReportMailerRepo {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  async list(groupId: number, limit: number, offset: number): Promise<ReportMailerRow[]> {
    return this.db
      .selectFrom('report_mailers')
      .selectAll()
      .where('group_id', '=', groupId)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async ofGroup(groupId: number, id: number): Promise<ReportMailerRow | undefined> {
    return this.db
      .selectFrom('report_mailers')
      .selectAll()
      .where('group_id', '=', groupId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The mailer for its scheduled job (no group: the job carries the row's id only). */
  async byId(id: number): Promise<ReportMailerRow | undefined> {
    return this.db.selectFrom('report_mailers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async create(groupId: number, userId: number, f: MailerFields): Promise<ReportMailerRow> {
    return this.db
      .insertInto('report_mailers')
      .values({ group_id: groupId, created_by: userId, ...columns(f) })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(groupId: number, id: number, f: MailerFields): Promise<ReportMailerRow | undefined> {
    return this.db
      .updateTable('report_mailers')
      .set({ ...columns(f), updated_at: sql<Date>`now()` })
      .where('group_id', '=', groupId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Active <-> In-Active in one statement, so two clicks never lose one. */
  async toggle(groupId: number, id: number): Promise<ReportMailerRow | undefined> {
    return this.db
      .updateTable('report_mailers')
      .set({
        status: sql<string>`CASE WHEN status = 'Active' THEN 'In-Active' ELSE 'Active' END`,
        updated_at: sql<Date>`now()`,
      })
      .where('group_id', '=', groupId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async startRun(
    mailer: ReportMailerRow,
    userId: number | null,
    dryRun: boolean,
  ): Promise<ReportMailerRunRow> {
    return this.db
      .insertInto('report_mailer_runs')
      .values({
        mailer_id: mailer.id,
        group_id: mailer.group_id,
        dry_run: dryRun,
        status: RUN_STATUS.inProgress,
        recipients: JSON.stringify(mailer.recipients),
        started_by: userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async setRun(
    id: number,
    change: { status: number; fileId?: number; error?: string; finished?: boolean },
  ): Promise<ReportMailerRunRow> {
    return this.db
      .updateTable('report_mailer_runs')
      .set({
        status: change.status,
        ...(change.fileId !== undefined ? { file_id: change.fileId } : {}),
        ...(change.error !== undefined ? { error: change.error } : {}),
        ...(change.finished ? { finished_at: sql<Date>`now()` } : {}),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async runs(groupId: number, mailerId: number, limit: number): Promise<ReportMailerRunRow[]> {
    return this.db
      .selectFrom('report_mailer_runs')
      .selectAll()
      .where('group_id', '=', groupId)
      .where('mailer_id', '=', mailerId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
