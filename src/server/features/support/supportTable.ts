import type { Generated } from 'kysely';
import type { TicketStatus } from '../../../shared/support/supportRules.js';

/** A Feedback & Support request (migration 460_support_tickets). */
export interface SupportTicketsTable {
  id: Generated<number>;
  group_id: number | null;
  user_id: number;
  /** The workspace path the user wrote from, e.g. /workspace/stock/kpi. */
  screen: string;
  text: string;
  status: Generated<TicketStatus>;
  created_at: Generated<Date>;
  closed_at: Date | null;
  closed_by: number | null;
}

declare module '../../platform/store/storeDatabase.js' {
  interface StoreDatabase {
    support_tickets: SupportTicketsTable;
  }
}
