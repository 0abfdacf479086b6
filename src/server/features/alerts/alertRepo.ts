import { sql, type Kysely, type Selectable } from 'kysely';
import type { AlertRulesTable, AlertsTable, StoreDatabase } from '../../platform/store/storeDatabase.js';
import type { AnomalyWatch } from './alertKinds.js';

export type AlertRuleRow = Selectable<AlertRulesTable>;
export type AlertRow = Selectable<AlertsTable>;

export interface NewAlertRule {
  groupId: number;
  kind: string;
  name: string;
  channelId: number | null;
  threshold: number | null;
  recipients: string[];
  createdBy: number | null;
  /** An anomaly rule's measure (alertKinds.ts); null for the fixed kinds. */
  watch: AnomalyWatch | null;
}

/** What an edit may change: everything the form shows. */
export type RuleEdit = Omit<NewAlertRule, 'groupId' | 'createdBy'> & { status: 'Active' | 'In-Active' };

export interface NewAlert {
  groupId: number;
  ruleId: number;
  kind: string;
  dedupKey: string;
  title: string;
  message: string;
  observedOn: string;
}

/** Alert rules, alerts and read marks; every call names the group, so nothing crosses tenants. */
export class AlertRepo {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  rules(groupId: number): Promise<AlertRuleRow[]> {
    return this.db
      .selectFrom('alert_rules')
      .selectAll()
      .where('group_id', '=', groupId)
      .orderBy('id')
      .execute();
  }

  createRule(rule: NewAlertRule): Promise<AlertRuleRow> {
    return this.db
      .insertInto('alert_rules')
      .values({
        group_id: rule.groupId,
        kind: rule.kind,
        name: rule.name,
        channel_id: rule.channelId,
        threshold: rule.threshold,
        recipients: JSON.stringify(rule.recipients),
        created_by: rule.createdBy,
        watch: rule.watch ? JSON.stringify(rule.watch) : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Replaces a rule's settings only if it still carries the version the editor read (stale
   * otherwise: another admin edited or toggled it); missing when it is not the group's.
   */
  async updateRule(
    groupId: number,
    id: number,
    readAt: Date,
    edit: RuleEdit,
  ): Promise<{ kind: 'written'; rule: AlertRuleRow } | { kind: 'stale' | 'missing' }> {
    const rule = await this.db
      .updateTable('alert_rules')
      .set({
        kind: edit.kind,
        name: edit.name,
        channel_id: edit.channelId,
        threshold: edit.threshold,
        recipients: JSON.stringify(edit.recipients),
        watch: edit.watch ? JSON.stringify(edit.watch) : null,
        status: edit.status,
        updated_at: sql<Date>`clock_timestamp()`,
      })
      .where('group_id', '=', groupId)
      .where('id', '=', id)
      // Dates carry milliseconds, timestamptz microseconds: compare at the editor's precision.
      .where(sql<Date>`date_trunc('milliseconds', updated_at)`, '=', readAt)
      .returningAll()
      .executeTakeFirst();
    if (rule) return { kind: 'written', rule };
    const exists = await this.db
      .selectFrom('alert_rules')
      .select('id')
      .where('group_id', '=', groupId)
      .where('id', '=', id)
      .executeTakeFirst();
    return { kind: exists ? 'stale' : 'missing' };
  }

  /** Active ↔ In-Active in one statement (a new version); undefined when the rule is not the group's. */
  toggleRule(groupId: number, id: number): Promise<AlertRuleRow | undefined> {
    return this.db
      .updateTable('alert_rules')
      .set({
        status: sql<string>`CASE WHEN status = 'Active' THEN 'In-Active' ELSE 'Active' END`,
        updated_at: sql<Date>`clock_timestamp()`,
      })
      .where('group_id', '=', groupId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async deleteRule(groupId: number, id: number): Promise<boolean> {
    const done = await this.db
      .deleteFrom('alert_rules')
      .where('group_id', '=', groupId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(done.numDeletedRows) > 0;
  }

  /** Inserts the alerts not raised before (the dedup key is unique per group); returns the new ones. */
  async raise(alerts: readonly NewAlert[]): Promise<AlertRow[]> {
    if (alerts.length === 0) return [];
    // A rule deleted while its group was being evaluated takes its findings with it: the rules
    // still there are held (FOR SHARE) until the insert commits, so no delete slips between.
    return this.db.transaction().execute(async (trx) => {
      // A finding counts only under a rule of its own group, as every call of this repo names it.
      const kept = await trx
        .selectFrom('alert_rules')
        .select(['id', 'group_id'])
        .where('id', 'in', [...new Set(alerts.map((a) => a.ruleId))])
        .forShare()
        .execute();
      const ruleOf = new Map(kept.map((r) => [r.id, r.group_id]));
      const live = alerts.filter((a) => ruleOf.get(a.ruleId) === a.groupId);
      if (live.length === 0) return [];
      return trx
        .insertInto('alerts')
        .values(
          live.map((a) => ({
            group_id: a.groupId,
            rule_id: a.ruleId,
            kind: a.kind,
            dedup_key: a.dedupKey,
            title: a.title,
            message: a.message,
            observed_on: a.observedOn,
          })),
        )
        .onConflict((oc) => oc.columns(['group_id', 'dedup_key']).doNothing())
        .returningAll()
        .execute();
    });
  }

  /** The group's alerts, newest first, each with whether this user has read it. */
  list(groupId: number, userId: number, limit: number, offset: number) {
    return this.db
      .selectFrom('alerts as a')
      .leftJoin('alert_reads as r', (j) => j.onRef('r.alert_id', '=', 'a.id').on('r.user_id', '=', userId))
      .select(['a.id', 'a.kind', 'a.title', 'a.message', 'a.observed_on', 'a.created_at', 'r.read_at'])
      .where('a.group_id', '=', groupId)
      .orderBy('a.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async unreadCount(groupId: number, userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('alerts as a')
      .leftJoin('alert_reads as r', (j) => j.onRef('r.alert_id', '=', 'a.id').on('r.user_id', '=', userId))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('a.group_id', '=', groupId)
      .where('r.alert_id', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Marks the given alerts (or all of the group's) read for this user; ids of other groups are ignored. */
  async markRead(groupId: number, userId: number, ids: readonly number[] | undefined): Promise<number> {
    let pick = this.db
      .selectFrom('alerts')
      .select((eb) => ['id', eb.val(userId).as('user_id')])
      .where('group_id', '=', groupId);
    if (ids) pick = pick.where('id', 'in', ids.length ? ids : [0]);
    const done = await this.db
      .insertInto('alert_reads')
      .columns(['alert_id', 'user_id'])
      .expression(pick)
      .onConflict((oc) => oc.columns(['alert_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(done.numInsertedOrUpdatedRows ?? 0);
  }

  /** Groups with alerts no digest has carried yet. */
  async groupsPendingDigest(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('alerts')
      .select('group_id')
      .distinct()
      .where('digested_at', 'is', null)
      .execute();
    return rows.map((r) => r.group_id);
  }

  /** Claims the group's undigested alerts (one claim wins across instances). */
  claimDigest(groupId: number): Promise<AlertRow[]> {
    return this.db
      .updateTable('alerts')
      .set({ digested_at: new Date() })
      .where('group_id', '=', groupId)
      .where('digested_at', 'is', null)
      .returningAll()
      .execute();
  }

  /** A digest that could not be sent gives its alerts back, for the retry. */
  async releaseDigest(ids: readonly number[]): Promise<void> {
    if (ids.length)
      await this.db.updateTable('alerts').set({ digested_at: null }).where('id', 'in', ids).execute();
  }
}
