import type { ReactNode } from 'react';
import { formatDateTime } from '../../shared/format/dates.js';
import type { SupportTicket } from '../../shared/support/supportRules.js';

interface Props {
  title: string;
  rows: readonly SupportTicket[];
  empty: string;
  /** Platform staff's list: who sent it and from which group, and a Close button on open ones. */
  staff?: boolean;
  onClose?: (id: number) => void;
  filter?: ReactNode;
}

/** Support requests, newest first. */
export function TicketTable({ title, rows, empty, staff, onClose, filter }: Props) {
  return (
    <section className="ss-help__tickets" aria-label={title}>
      <div className="ss-help__head">
        <h2>{title}</h2>
        {filter}
      </div>
      {rows.length === 0 ? (
        <p className="ss-help__empty">{empty}</p>
      ) : (
        <table className="ss-help__table">
          <thead>
            <tr>
              <th>Sent</th>
              {staff && <th>From</th>}
              {staff && <th>Group</th>}
              <th>Screen</th>
              <th>Request</th>
              <th>Status</th>
              {staff && <th aria-label="Actions" />}
            </tr>
          </thead>
          <tbody>
            {rows.map((t) => (
              <tr key={t.id}>
                <td>{formatDateTime(t.created_at)}</td>
                {staff && <td>{t.user_name}</td>}
                {staff && <td>{t.group_name ?? '---'}</td>}
                <td>{t.screen || '---'}</td>
                <td className="ss-help__text">{t.text}</td>
                <td>
                  {t.status === 'open'
                    ? 'Open'
                    : `Closed ${t.closed_at ? formatDateTime(t.closed_at) : ''}${t.closed_by_name ? ` by ${t.closed_by_name}` : ''}`}
                </td>
                {staff && (
                  <td>
                    {t.status === 'open' && (
                      <button type="button" className="ss-btn ss-btn--ghost" onClick={() => onClose?.(t.id)}>
                        Close
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
