import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import type { CaseStatus, CasesTable } from './casesTable.js';
import type { FoundCase } from './foundCase.js';

export type CaseRow = Selectable<CasesTable>;

/** What one evaluation changed: opened (new or back), closed by themselves, found again. */
export interface Reconciled {
  opened: number;
  closed: number;
  kept: number;
}

/** A user's change of a case: any of owner, status (with its snooze date). */
export interface CaseChange {
  ownerUserId?: number | null;
  status?: CaseStatus;
  snoozedUntil?: string | null;
}

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

/** Audit entries of cases, written with the change they describe. */
async function auditCases(
  db: Db,
  actor: number | null,
  action: string,
  groupId: number,
  entries: { id: number; detail: Record<string, unknown> }[],
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('audit_log')
    .values(
      entries.map((e) => ({
        actor_user_id: actor,
        action,
        target: `case:${e.id}`,
        entity: 'case',
        group_id: groupId,
        detail: JSON.stringify(e.detail),
      })),
    )
    .execute();
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The action inbox's cases; every call names the group, so nothing crosses tenants. */
export class CaseRepo {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  /**
   * Keeps the group's cases in step with one evaluation, in one transaction: a found case is
   * opened (or reopened once its cause had gone), updated, or left alone when nothing moved (the
   * same load evaluated twice adds and changes nothing); a kept case not found, or of a rule no
   * longer evaluated, closes itself (done). Its trend is its opportunity against the last
   * evaluation of an older day. Opening and closing are audited.
   */
  reconcile(groupId: number, found: readonly FoundCase[]): Promise<Reconciled> {
    return this.db.transaction().execute(async (tx) => {
      const kept = await tx.selectFrom('cases').selectAll().where('group_id', '=', groupId).execute();
      const byKey = new Map(kept.map((c) => [`${c.rule_id}\u0000${c.subject}`, c]));
      const seen = new Set<number>();
      const opened: { id: number; detail: Record<string, unknown> }[] = [];
      let keptCount = 0;
      for (const f of found) {
        const old = byKey.get(`${f.ruleId}\u0000${f.subject}`);
        const inputs = JSON.stringify(f.inputs);
        if (!old) {
          const row = await tx
            .insertInto('cases')
            .values({
              group_id: groupId,
              rule_id: f.ruleId,
              subject: f.subject,
              title: f.title,
              inputs,
              product_id: f.productId,
              channel_id: f.channelId,
              opportunity: f.opportunity,
              observed_on: f.observedOn,
            })
            .onConflict((oc) => oc.columns(['group_id', 'rule_id', 'subject']).doNothing())
            .returning('id')
            .executeTakeFirst();
          if (row) opened.push({ id: row.id, detail: { rule: f.ruleId, opportunity: f.opportunity } });
          continue;
        }
        seen.add(old.id);
        const newer = f.observedOn > old.observed_on;
        const next = {
          title: f.title,
          inputs,
          opportunity: f.opportunity,
          observed_on: f.observedOn > old.observed_on ? f.observedOn : old.observed_on,
          previous_opportunity: newer ? old.opportunity : old.previous_opportunity,
          cause_present: true,
          status: !old.cause_present && old.status === 'done' ? ('open' as const) : old.status,
        };
        const changed = Object.entries(next).some(([k, v]) => !same(old[k as keyof CaseRow], v));
        if (!changed) {
          keptCount += 1;
          continue;
        }
        await tx
          .updateTable('cases')
          .set({ ...next, updated_at: sql`now()` })
          .where('id', '=', old.id)
          .where('group_id', '=', groupId)
          .execute();
        if (!old.cause_present) opened.push({ id: old.id, detail: { rule: f.ruleId, reopened: true } });
        else keptCount += 1;
      }
      const gone = kept.filter((c) => c.cause_present && !seen.has(c.id));
      if (gone.length)
        await tx
          .updateTable('cases')
          .set({ cause_present: false, status: 'done', updated_at: sql`now()` })
          .where('group_id', '=', groupId)
          .where(
            'id',
            'in',
            gone.map((c) => c.id),
          )
          .execute();
      await auditCases(tx, null, 'case.opened', groupId, opened);
      await auditCases(
        tx,
        null,
        'case.closed',
        groupId,
        gone.map((c) => ({ id: c.id, detail: { rule: c.rule_id, reason: 'cause gone', before: c.status } })),
      );
      return { opened: opened.length, closed: gone.length, kept: keptCount };
    });
  }

  /** The group's cases, largest opportunity first (unknown last), done ones only when asked. */
  list(
    groupId: number,
    options: { status?: CaseStatus | 'active'; ownerUserId?: number; limit: number; offset: number },
  ) {
    return this.where(groupId, options)
      .selectAll('c')
      .select(['u.first_name as owner_first', 'u.last_name as owner_last', 'u.user_name as owner_email'])
      .orderBy(sql`c.opportunity IS NULL`)
      .orderBy('c.opportunity', 'desc')
      .orderBy('c.id')
      .limit(options.limit)
      .offset(options.offset)
      .execute();
  }

  async count(
    groupId: number,
    options: { status?: CaseStatus | 'active'; ownerUserId?: number },
  ): Promise<number> {
    const row = await this.where(groupId, options)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  private where(groupId: number, options: { status?: CaseStatus | 'active'; ownerUserId?: number }) {
    let q = this.db
      .selectFrom('cases as c')
      .leftJoin('users as u', 'u.id', 'c.owner_user_id')
      .where('c.group_id', '=', groupId);
    if (options.status === 'active') q = q.where('c.status', '!=', 'done');
    else if (options.status) q = q.where('c.status', '=', options.status);
    if (options.ownerUserId !== undefined) q = q.where('c.owner_user_id', '=', options.ownerUserId);
    return q;
  }

  caseOf(groupId: number, id: number): Promise<CaseRow | undefined> {
    return this.db
      .selectFrom('cases')
      .selectAll()
      .where('group_id', '=', groupId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Whether the user belongs to the group (an owner must). */
  async isMember(groupId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_group_roles')
      .select('user_id')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The group's users, for the owner picker and the weekly mail (in each one's number style). */
  members(groupId: number) {
    return this.db
      .selectFrom('users as u')
      .innerJoin('user_group_roles as m', 'm.user_id', 'u.id')
      .select(['u.id', 'u.first_name', 'u.last_name', 'u.user_name', 'u.number_style'])
      .distinct()
      .where('m.group_id', '=', groupId)
      .orderBy('u.first_name')
      .orderBy('u.id')
      .execute();
  }

  /** A user's change of one case of the group, audited with before and after, in one transaction. */
  change(groupId: number, id: number, actor: number, change: CaseChange): Promise<CaseRow | undefined> {
    return this.db.transaction().execute(async (tx) => {
      const before = await tx
        .selectFrom('cases')
        .selectAll()
        .where('group_id', '=', groupId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) return undefined;
      const set = {
        ...(change.ownerUserId !== undefined ? { owner_user_id: change.ownerUserId } : {}),
        ...(change.status !== undefined
          ? {
              status: change.status,
              snoozed_until: change.status === 'snoozed' ? (change.snoozedUntil ?? null) : null,
            }
          : {}),
      };
      const after = await tx
        .updateTable('cases')
        .set({ ...set, updated_at: sql`now()` })
        .where('group_id', '=', groupId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const pick = (c: CaseRow) => ({
        owner_user_id: c.owner_user_id,
        status: c.status,
        snoozed_until: c.snoozed_until,
      });
      await auditCases(tx, actor, 'case.changed', groupId, [
        { id, detail: { group_id: groupId, before: pick(before), after: pick(after) } },
      ]);
      return after;
    });
  }

  /** Each owner's cases not done, for the weekly e-mail: owner id -> cases, largest first. */
  async openByOwner(groupId: number): Promise<Map<number, CaseRow[]>> {
    const rows = await this.db
      .selectFrom('cases')
      .selectAll()
      .where('group_id', '=', groupId)
      .where('status', '!=', 'done')
      .where('owner_user_id', 'is not', null)
      .orderBy(sql`opportunity IS NULL`)
      .orderBy('opportunity', 'desc')
      .orderBy('id')
      .execute();
    const out = new Map<number, CaseRow[]>();
    for (const r of rows) out.set(r.owner_user_id!, [...(out.get(r.owner_user_id!) ?? []), r]);
    return out;
  }

  async groupsWithOwners(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('cases')
      .select('group_id')
      .distinct()
      .where('owner_user_id', 'is not', null)
      .where('status', '!=', 'done')
      .execute();
    return rows.map((r) => r.group_id);
  }
}
