import type { Kysely, Selectable } from 'kysely';
import type { NumberStyle } from '../../../shared/format/index.js';
import type { ReportFilesTable, StoreDatabase } from '../../platform/store/storeDatabase.js';

export type ReportFileRow = Selectable<ReportFilesTable>;

export interface NewReportFile {
  groupId: number;
  userId: number | null;
  kind: 'export' | 'report';
  title: string;
  endpoint: string;
  params: Record<string, string>;
  format: 'xlsx' | 'csv';
  fileName: string;
  /** The user menu's number style the export was started in; absent: the default. */
  numberStyle?: NumberStyle;
}

/** Report files and their jobs' progress; every read names the group, so nothing crosses tenants. */
export class ReportFileRepo {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  async create(file: NewReportFile): Promise<ReportFileRow> {
    return this.db
      .insertInto('report_files')
      .values({
        group_id: file.groupId,
        user_id: file.userId,
        kind: file.kind,
        title: file.title,
        endpoint: file.endpoint,
        params: JSON.stringify(file.params),
        format: file.format,
        status: 'queued',
        file_name: file.fileName,
        number_style: file.numberStyle ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The file row for the job runner (no group: the job carries the row's id only). */
  async byId(id: number): Promise<ReportFileRow | undefined> {
    return this.db.selectFrom('report_files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async ofGroup(groupId: number, id: number): Promise<ReportFileRow | undefined> {
    return this.db
      .selectFrom('report_files')
      .selectAll()
      .where('group_id', '=', groupId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async list(
    groupId: number,
    limit: number,
    offset: number,
    format?: 'csv' | 'xlsx',
  ): Promise<ReportFileRow[]> {
    let query = this.db.selectFrom('report_files').selectAll().where('group_id', '=', groupId);
    if (format) query = query.where('format', '=', format);
    return query.orderBy('id', 'desc').limit(limit).offset(offset).execute();
  }

  /**
   * One page of the group's files that `visible` lets the caller see, newest first. Access
   * depends on the config (which screens the caller may open), so it is applied here while the
   * group's rows are read in batches: the page is the caller's own, not a filtered group page.
   */
  async listVisible(
    groupId: number,
    page: { limit: number; offset: number },
    visible: (file: ReportFileRow) => boolean,
    format?: 'csv' | 'xlsx',
  ): Promise<ReportFileRow[]> {
    const BATCH = 500;
    const seen: ReportFileRow[] = [];
    let before: number | null = null;
    while (seen.length < page.offset + page.limit) {
      let query = this.db.selectFrom('report_files').selectAll().where('group_id', '=', groupId);
      if (before !== null) query = query.where('id', '<', before);
      if (format) query = query.where('format', '=', format);
      const batch = await query.orderBy('id', 'desc').limit(BATCH).execute();
      seen.push(...batch.filter(visible));
      if (batch.length < BATCH) break;
      before = batch[batch.length - 1]!.id;
    }
    return seen.slice(page.offset, page.offset + page.limit);
  }

  async start(id: number): Promise<void> {
    await this.db
      .updateTable('report_files')
      .set((eb) => ({ status: 'running', rows: 0, percent: 0, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  async progress(id: number, rows: number, percent: number): Promise<void> {
    await this.db.updateTable('report_files').set({ rows, percent }).where('id', '=', id).execute();
  }

  /** Marks the file ready; false when it already was (a retried job must not announce it twice). */
  async finish(id: number, rows: number, bytes: number): Promise<boolean> {
    const done = await this.db
      .updateTable('report_files')
      .set({ status: 'ready', rows, percent: 100, bytes, error: null, finished_at: new Date() })
      .where('id', '=', id)
      .where('status', '!=', 'ready')
      .executeTakeFirst();
    return Number(done.numUpdatedRows) > 0;
  }

  async fail(id: number, error: string): Promise<void> {
    await this.db
      .updateTable('report_files')
      .set({ status: 'failed', error, finished_at: new Date() })
      .where('id', '=', id)
      .execute();
  }
}
