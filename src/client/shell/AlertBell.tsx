import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { watchAlerts } from '../realtime/realtimeClient.js';
import { notify } from '../services/toast.js';
import '../engine/widgets/report/report.css';
import {
  alertState,
  fetchAlerts,
  markRead,
  refreshUnread,
  type AlertItem,
} from '../engine/widgets/alertCenter/alertStore.js';

/** The header's bell: unread alerts of the group, pushed over the socket; the latest ten on a click. */
export function AlertBell({ canManage }: { canManage: boolean }) {
  const { unread } = useSnapshot(alertState);
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<AlertItem[] | null>(null);

  useEffect(() => {
    refreshUnread().catch(() => undefined);
    return watchAlerts((note) => {
      alertState.unread += note.count;
      notify.info(note.count === 1 ? note.title : `${note.title} and ${note.count - 1} more`, 'New alert');
    });
  }, []);
  useEffect(() => {
    if (open) fetchAlerts(10).then(setItems, () => setItems([]));
  }, [open, unread]);

  return (
    <div className="ss-bell">
      <button
        type="button"
        className="ss-bell__button"
        aria-label={`Alerts, ${unread} unread`}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
          />
        </svg>
        {unread > 0 && <span className="ss-bell__count">{unread > 99 ? '99+' : unread}</span>}
      </button>
      {open && (
        <div className="ss-bell__panel" role="dialog" aria-label="Alerts">
          <header>
            <strong>Alerts</strong>
            <button
              type="button"
              className="ss-link-btn"
              disabled={unread === 0}
              onClick={() => void markRead()}
            >
              Mark all read
            </button>
          </header>
          {!items && <p className="ss-state">Loading…</p>}
          {items?.length === 0 && <p className="ss-state">No alerts yet</p>}
          <ul>
            {items?.map((a) => (
              <li key={a.id} className={a.read ? undefined : 'is-unread'}>
                <button
                  type="button"
                  onClick={() => {
                    if (!a.read)
                      void markRead([a.id]).then(() =>
                        setItems(
                          (list) => list?.map((x) => (x.id === a.id ? { ...x, read: true } : x)) ?? null,
                        ),
                      );
                  }}
                >
                  <strong>{a.title}</strong>
                  <span>{a.message}</span>
                </button>
              </li>
            ))}
          </ul>
          {canManage && (
            <footer>
              <Link to="/workspace/alerts/alerts" onClick={() => setOpen(false)}>
                All alerts and rules
              </Link>
            </footer>
          )}
        </div>
      )}
    </div>
  );
}
