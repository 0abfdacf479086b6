import { sql } from 'kysely';
import type { Db, EntityRow, ListRequest, ReadRepo } from './entityRepo.js';

const DAY = 86_400_000;

/** A YYYY-MM-DD bound as an instant (UTC midnight); the date picker's '-1' ("all") is no bound. */
function day(value: unknown, plusDays = 0): Date | null {
  if (typeof value !== 'string' || value === '-1') return null;
  return new Date(Date.parse(`${value}T00:00:00Z`) + plusDays * DAY);
}

/** The audit entries of `groupIds` narrowed by the request's filters (user, group, action, dates). */
function scoped(db: Db, request: Pick<ListRequest, 'groupIds' | 'filters'>) {
  const f = request.filters ?? {};
  const groupId = typeof f.group_id === 'number' ? f.group_id : null;
  // A group outside the caller's scope matches nothing (never another tenant's rows).
  const groups = groupId === null ? request.groupIds : request.groupIds.filter((g) => g === groupId);
  let q = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .leftJoin('groups as g', 'g.id', 'a.group_id')
    .where('a.group_id', 'in', groups.length ? groups : [-1]);
  if (typeof f.user_id === 'number') q = q.where('a.actor_user_id', '=', f.user_id);
  if (typeof f.action === 'string') q = q.where('a.action', '=', f.action);
  const from = day(f.start_date);
  const to = day(f.end_date, 1);
  if (from) q = q.where('a.created_at', '>=', from);
  if (to) q = q.where('a.created_at', '<', to);
  return q;
}

const SORT = {
  id: 'a.id',
  created_at: 'a.created_at',
  user_name: 'u.user_name',
  group_name: 'g.group_name',
  action: 'a.action',
  entity: 'a.entity',
} as const;

/** "status: 1 → 0, end_date: … → …": the fields an entry's before/after changed, for the grid. */
export function changeSummary(detail: unknown): string {
  const d = (detail ?? {}) as { before?: Record<string, unknown>; after?: Record<string, unknown> };
  if (!d.before || !d.after) return '';
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? '–' : JSON.stringify(v));
  return Object.keys(d.after)
    .filter((k) => k !== 'updated_at' && JSON.stringify(d.before![k]) !== JSON.stringify(d.after![k]))
    .map((k) => `${k}: ${text(d.before![k])} → ${text(d.after![k])}`)
    .join(', ');
}

/** Client logs: the audit trail as a read-only entity (docs/admin.md). */
export const auditEntryReads: ReadRepo = {
  async list(db, request) {
    const base = scoped(db, request);
    // A log reads newest first: the grid's unsorted call (by id) lists by time, newest first;
    // a column the user sorts on orders as asked.
    const byTime = request.orderBy === 'id' || !(request.orderBy in SORT);
    const descending = byTime || request.descending;
    const rows = await base
      .select([
        'a.id',
        'a.created_at',
        'a.actor_user_id as user_id',
        'u.user_name',
        'a.group_id',
        'g.group_name',
        'a.entity',
        'a.target',
        'a.action',
        'a.detail',
      ])
      .orderBy(
        byTime ? 'a.created_at' : SORT[request.orderBy as keyof typeof SORT],
        descending ? 'desc' : 'asc',
      )
      .orderBy('a.id', descending ? 'desc' : 'asc')
      .limit(request.limit)
      .offset(request.offset)
      .execute();
    const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return {
      rows: rows.map((r): EntityRow => ({ ...r, changes: changeSummary(r.detail) })),
      total: Number(n),
    };
  },

  async options(db, request) {
    const like = `${request.prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const inScope = scoped(db, { groupIds: request.groupIds });
    let rows: { key: number | string; name: string | null }[];
    if (request.field === 'user_id') {
      rows = await inScope
        .innerJoin('users as x', 'x.id', 'a.actor_user_id')
        .select(['x.id as key', 'x.user_name as name'])
        .distinct()
        .where(sql<boolean>`x.user_name ilike ${like}`)
        .orderBy('name')
        .execute();
    } else if (request.field === 'group_id') {
      rows = await db
        .selectFrom('groups')
        .select(['id as key', 'group_name as name'])
        .where('id', 'in', request.groupIds.length ? request.groupIds : [-1])
        .where(sql<boolean>`group_name ilike ${like}`)
        .orderBy('group_name')
        .execute();
    } else if (request.field === 'action') {
      rows = await inScope
        .select(['a.action as key', 'a.action as name'])
        .distinct()
        .where(sql<boolean>`a.action ilike ${like}`)
        .orderBy('name')
        .execute();
    } else rows = [];
    const options = rows.map((r) => ({ key: r.key, name: r.name ?? String(r.key) }));
    return {
      options: options.slice(request.offset, request.offset + request.limit),
      total: options.length,
    };
  },
};
