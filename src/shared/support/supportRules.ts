/** Feedback & Support tickets: messages and vocabulary both sides use (src/server/features/support). */
export const SUPPORT_MSG = {
  /** The spec's overall message for an empty required field (section 5). */
  empty: 'Fill required values',
  tooLong: 'Feedback can be at most 5000 characters.',
  sent: 'Thank you! Our support team will get back to you.',
  closed: 'Request closed.',
  notFound: 'Request not found',
} as const;

export const SUPPORT_TEXT_MAX = 5000;

export const TICKET_STATUSES = ['open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** One request as the lists show it. */
export interface SupportTicket {
  id: number;
  user_name: string;
  group_name: string | null;
  screen: string;
  text: string;
  status: TicketStatus;
  created_at: string;
  closed_at: string | null;
  closed_by_name: string | null;
}
