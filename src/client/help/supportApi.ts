import { http } from '../api/http.js';
import type { Envelope } from '../../shared/envelope.js';
import type { SupportTicket, TicketStatus } from '../../shared/support/supportRules.js';
import type { FaqEntry } from '../../shared/support/faqRules.js';

export interface TicketPage {
  total: number;
  rows: SupportTicket[];
}

async function data<T>(call: Promise<{ data: Envelope<T> }>): Promise<Envelope<T>> {
  return (await call).data;
}

/** Feedback & Support and FAQ calls (src/server/features/support, features/specPaths/faqRoutes.ts). */
export const supportApi = {
  send: (text: string, screen: string) =>
    data<{ id: number }>(http.post('support/tickets', { text, screen })),
  mine: () => data<TicketPage>(http.get('support/tickets', { params: { limit: 50 } })),
  all: (status?: TicketStatus) =>
    data<TicketPage>(http.get('support/tickets/all', { params: { status, limit: 200 } })),
  close: (id: number) => data<{ id: number }>(http.put(`support/tickets/${id}/close`, {})),
  faqs: () => data<FaqEntry[]>(http.get('user/faqs/list')),
  addFaq: (entry: Omit<FaqEntry, 'id' | 'position'>) => data<{ id: number }>(http.post('user/faqs', entry)),
  editFaq: (entry: FaqEntry) =>
    data<{ id: number }>(
      http.put(`user/faqs/${entry.id}`, {
        question: entry.question,
        answer: entry.answer,
        position: entry.position,
      }),
    ),
  removeFaq: (id: number) => data<{ id: number }>(http.delete(`user/faqs/${id}`)),
};
