import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import type { SupportTicket, TicketStatus } from '../../../shared/support/supportRules.js';
import './supportTable.js';

export interface TicketQuery {
  /** Only this sender's requests (the sender's own list); absent for staff's list of all. */
  userId?: number;
  status?: TicketStatus;
  limit: number;
  offset: number;
}

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

/** Support requests in the store: add, list (own or all), close. */
export class TicketRepo {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  async add(t: { groupId: number; userId: number; screen: string; text: string }) {
    return this.db
      .insertInto('support_tickets')
      .values({ group_id: t.groupId, user_id: t.userId, screen: t.screen, text: t.text })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
  }

  async list(q: TicketQuery): Promise<{ total: number; rows: SupportTicket[] }> {
    let base = this.db
      .selectFrom('support_tickets as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .leftJoin('groups as g', 'g.id', 't.group_id')
      .leftJoin('users as c', 'c.id', 't.closed_by');
    if (q.userId !== undefined) base = base.where('t.user_id', '=', q.userId);
    if (q.status) base = base.where('t.status', '=', q.status);
    const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select([
        't.id',
        'u.user_name',
        'g.group_name',
        't.screen',
        't.text',
        't.status',
        't.created_at',
        't.closed_at',
        'c.user_name as closed_by_name',
      ])
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute();
    return {
      total: Number(n),
      rows: rows.map((r) => ({ ...r, created_at: iso(r.created_at)!, closed_at: iso(r.closed_at) })),
    };
  }

  async find(id: number) {
    return this.db.selectFrom('support_tickets').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Closes an open request; false when it was not open. */
  async close(id: number, by: number): Promise<boolean> {
    const result = await this.db
      .updateTable('support_tickets')
      .set({ status: 'closed', closed_at: new Date(), closed_by: by })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async names(userId: number, groupId: number) {
    const user = await this.db
      .selectFrom('users')
      .select('user_name')
      .where('id', '=', userId)
      .executeTakeFirst();
    const group = await this.db
      .selectFrom('groups')
      .select('group_name')
      .where('id', '=', groupId)
      .executeTakeFirst();
    return { userName: user?.user_name ?? String(userId), groupName: group?.group_name ?? String(groupId) };
  }
}
