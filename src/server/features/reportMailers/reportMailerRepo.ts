import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type {
  ReportMailerRunsTable,
  ReportMailersTable,
  StoreDatabase,
} from '../../platform/store/storeDatabase.js';
import type { DeliveryTarget } from './delivery/deliveryTypes.js';

export const DISTRIBUTIONS = ['email', 'sftp', 'ftp', 'azure'] as const;
export type Distribution = (typeof DISTRIBUTIONS)[number];
export type RunTrigger = 'run' | 'schedule' | 'retrigger' | 'dry-run';

export type ReportMailerRow = Selectable<ReportMailersTable>;
export type ReportMailerRunRow = Selectable<ReportMailerRunsTable>;

export interface MailerFields {
  name: string;
  reportType: string;
  filters: Record<string, string>;
  /** E-mail addresses; group tags (`group:<id>`) are moved to `recipientGroups` by the route's check. */
  recipients: string[];
  /** Ids of tagged groups, expanded to their active users at each send. */
  recipientGroups?: number[];
  distribution: Distribution;
  /** sftp / ftp: host, port, username, path; azure: container, path. */
  target?: DeliveryTarget;
  /** Write-only: password, private key or connection string (sealed before it is stored). */
  secret?: string;
  format: 'xlsx' | 'csv';
  cron: string;
  timeZone: string;
  status: 'Active' | 'In-Active';
}

/** Spec §4 report delivery status. */
export const RUN_STATUS = { managerSuccess: 1, inProgress: 2, delivered: 3, failed: 4 } as const;

/** The stored columns; `sealed` is the encrypted secret (undefined: keep the stored one). */
function columns(f: MailerFields, sealed: string | undefined) {
  return {
    target: JSON.stringify(f.target ?? {}),
    ...(sealed !== undefined ? { secret: sealed } : {}),
    name: f.name,
    report_type: f.reportType,
    filters: JSON.stringify(f.filters),
    recipients: JSON.stringify(f.recipients),
    recipient_groups: JSON.stringify(f.recipientGroups ?? []),
    distribution: f.distribution,
    format: f.format,
    cron: f.cron,
    time_zone: f.timeZone,
    status: f.status,
  };
}

/**
 * The Report Mailer grid's tag filters (spec search_group_tags, search_user_tags): mailers sent
 * to one of these group tags, or reaching one of these addresses (typed, or through a tagged
 * group the address's user is mapped to, `reachGroups`). Absent: every mailer.
 */
export interface MailerTags {
  groupIds?: readonly number[];
  emails?: readonly string[];
  reachGroups?: readonly number[];
}

/** A jsonb list column holds the value (containment: the same on PGlite and PostgreSQL). */
const holds = (column: 'recipients' | 'recipient_groups', value: string | number) =>
  sql<boolean>`${sql.ref(column)} @> ${JSON.stringify([value])}::jsonb`;
const anyOf = (parts: RawBuilder<boolean>[]) => (parts.length ? sql.join(parts, sql` OR `) : sql`false`);

/** Both tag filters (each one any-of); an absent one keeps every mailer. */
function tagged(tags: MailerTags | undefined) {
  const byGroup = tags?.groupIds ? anyOf(tags.groupIds.map((g) => holds('recipient_groups', g))) : sql`true`;
  const byUser = tags?.emails
    ? anyOf([
        ...tags.emails.map((e) => holds('recipients', e)),
        ...(tags.reachGroups ?? []).map((g) => holds('recipient_groups', g)),
      ])
    : sql`true`;
  return sql<boolean>`(${byGroup}) AND (${byUser})`;
}

/** Report mailers and their run log; every read and write names the group. */
export class ReportMailerRepo {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  async list(groupId: number, limit: number, offset: number, tags?: MailerTags): Promise<ReportMailerRow[]> {
    return this.db
      .selectFrom('report_mailers')
      .selectAll()
      .where('group_id', '=', groupId)
      .where(tagged(tags))
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

  async create(
    groupId: number,
    userId: number,
    f: MailerFields,
    sealed: string | undefined,
  ): Promise<ReportMailerRow> {
    return this.db
      .insertInto('report_mailers')
      .values({ group_id: groupId, created_by: userId, ...columns(f, sealed) })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(
    groupId: number,
    id: number,
    f: MailerFields,
    sealed: string | undefined,
  ): Promise<ReportMailerRow | undefined> {
    return this.db
      .updateTable('report_mailers')
      .set({ ...columns(f, sealed), updated_at: sql<Date>`now()` })
      .where('group_id', '=', groupId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** One status, set (a bulk action on ticked mailers). */
  async setStatus(
    groupId: number,
    id: number,
    status: MailerFields['status'],
  ): Promise<ReportMailerRow | undefined> {
    return this.db
      .updateTable('report_mailers')
      .set({ status, updated_at: sql<Date>`now()` })
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

  /**
   * A run-log row, In Progress. With a delivery key that already has a row (a retried scheduled
   * job), that row is answered instead of a second one.
   */
  async startRun(
    mailer: ReportMailerRow,
    userId: number | null,
    trigger: RunTrigger,
    deliveryKey: string,
  ): Promise<ReportMailerRunRow> {
    const inserted = await this.db
      .insertInto('report_mailer_runs')
      .values({
        mailer_id: mailer.id,
        group_id: mailer.group_id,
        dry_run: trigger === 'dry-run',
        status: RUN_STATUS.inProgress,
        recipients: JSON.stringify(mailer.recipients),
        started_by: userId,
        trigger,
        delivery_key: deliveryKey,
      })
      .onConflict((c) => c.column('delivery_key').doNothing())
      .returningAll()
      .executeTakeFirst();
    return (
      inserted ??
      this.db
        .selectFrom('report_mailer_runs')
        .selectAll()
        .where('delivery_key', '=', deliveryKey)
        .executeTakeFirstOrThrow()
    );
  }

  async runById(id: number): Promise<ReportMailerRunRow | undefined> {
    return this.db.selectFrom('report_mailer_runs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async runOfGroup(groupId: number, id: number): Promise<ReportMailerRunRow | undefined> {
    return this.db
      .selectFrom('report_mailer_runs')
      .selectAll()
      .where('group_id', '=', groupId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * An attempt begins under `owner`: back to In Progress, one more attempt. Refused (undefined)
   * while another owner's attempt is unfinished, so a run is never delivered twice at once.
   */
  async claimAttempt(id: number, owner: string): Promise<ReportMailerRunRow | undefined> {
    return this.db
      .updateTable('report_mailer_runs')
      .set((eb) => ({
        status: RUN_STATUS.inProgress,
        error: null,
        attempts: eb('attempts', '+', 1),
        attempt_owner: owner,
      }))
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb('status', 'not in', [RUN_STATUS.inProgress, RUN_STATUS.managerSuccess]),
          eb('attempt_owner', 'is', null),
          eb('attempt_owner', '=', owner),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Ends the runs a given-up job leaves In Progress (a crash on its last try): the named run, or
   * for a schedule's occurrence (no run id) the mailer's scheduled runs still In Progress.
   */
  async failUnfinishedRuns(mailerId: number, runId: number | undefined, error: string): Promise<void> {
    let query = this.db
      .updateTable('report_mailer_runs')
      .set({ status: RUN_STATUS.failed, error, finished_at: sql<Date>`now()` })
      .where('mailer_id', '=', mailerId)
      .where('dry_run', '=', false)
      .where('status', 'in', [RUN_STATUS.inProgress, RUN_STATUS.managerSuccess]);
    query = runId === undefined ? query.where('trigger', '=', 'schedule') : query.where('id', '=', runId);
    await query.execute();
  }

  /** A failed run sent back to the queue by the re-trigger: only a failed, non-dry run moves. */
  async retrigger(groupId: number, id: number): Promise<ReportMailerRunRow | undefined> {
    return this.db
      .updateTable('report_mailer_runs')
      .set({
        status: RUN_STATUS.inProgress,
        trigger: 'retrigger',
        error: null,
        finished_at: null,
        attempt_owner: null,
      })
      .where('group_id', '=', groupId)
      .where('id', '=', id)
      .where('status', '=', RUN_STATUS.failed)
      .where('dry_run', '=', false)
      .returningAll()
      .executeTakeFirst();
  }

  async setRun(
    id: number,
    change: {
      status: number;
      fileId?: number;
      error?: string;
      finished?: boolean;
      deliveredTo?: string;
      /** Who this send reaches once the group tags are expanded. */
      recipients?: string[];
    },
  ): Promise<ReportMailerRunRow> {
    return this.db
      .updateTable('report_mailer_runs')
      .set({
        status: change.status,
        ...(change.fileId !== undefined ? { file_id: change.fileId } : {}),
        ...(change.error !== undefined ? { error: change.error } : {}),
        ...(change.deliveredTo !== undefined ? { delivered_to: change.deliveredTo } : {}),
        ...(change.recipients !== undefined ? { recipients: JSON.stringify(change.recipients) } : {}),
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

  /** The group's run log across mailers (processmonitor screens), newest first, with each mailer's name. */
  async groupRuns(
    groupId: number,
    statuses: number[],
    limit: number,
    offset: number,
    deliveriesOnly = false,
  ) {
    let query = this.db
      .selectFrom('report_mailer_runs as r')
      .innerJoin('report_mailers as m', 'm.id', 'r.mailer_id')
      .selectAll('r')
      .select(['m.name as mailer_name', 'm.distribution', 'm.report_type'])
      .where('r.group_id', '=', groupId);
    if (statuses.length) query = query.where('r.status', 'in', statuses);
    if (deliveriesOnly) query = query.where('r.dry_run', '=', false);
    return query.orderBy('r.id', 'desc').limit(limit).offset(offset).execute();
  }

  /** Runs per distribution and status since `since` (dry runs apart), with the mean delivery seconds. */
  async stats(groupId: number, since: Date) {
    return this.db
      .selectFrom('report_mailer_runs as r')
      .innerJoin('report_mailers as m', 'm.id', 'r.mailer_id')
      .select((eb) => [
        'm.distribution',
        'r.status',
        'r.dry_run',
        eb.fn.countAll<string>().as('runs'),
        sql<string | null>`avg(extract(epoch from (r.finished_at - r.started_at)))`.as('seconds'),
      ])
      .where('r.group_id', '=', groupId)
      .where('r.started_at', '>=', since)
      .groupBy(['m.distribution', 'r.status', 'r.dry_run'])
      .execute();
  }

  async count(groupId: number, tags?: MailerTags): Promise<number> {
    const row = await this.db
      .selectFrom('report_mailers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('group_id', '=', groupId)
      .where(tagged(tags))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countRuns(groupId: number, statuses: number[], deliveriesOnly: boolean): Promise<number> {
    let query = this.db
      .selectFrom('report_mailer_runs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('group_id', '=', groupId);
    if (statuses.length) query = query.where('status', 'in', statuses);
    if (deliveriesOnly) query = query.where('dry_run', '=', false);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }
}
