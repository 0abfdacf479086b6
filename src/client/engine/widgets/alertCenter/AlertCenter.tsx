import { useCallback, useEffect, useState } from 'react';
import type { AlertCenterWidget } from '../../../../shared/config.gen.js';
import { errorMessage, http } from '../../../api/http.js';
import { WidgetFrame } from '../frame/WidgetFrame.js';
import { DownloadLinks } from '../frame/DownloadLinks.js';
import { notify } from '../../../services/toast.js';
import { fetchAlerts, markRead, type AlertItem } from './alertStore.js';
import { AlertRuleForm, type Kind, type Rule } from './AlertRuleForm.js';

const PAGE = 20;

/** The Alerts screen: the group's alerts (mark read) and its rules (add, edit, Active / In-Active, delete). */
export function AlertCenter({ config }: { config: AlertCenterWidget }) {
  const [alerts, setAlerts] = useState<AlertItem[]>([]);
  const [more, setMore] = useState(false);
  const [rules, setRules] = useState<Rule[]>([]);
  const [kinds, setKinds] = useState<Kind[]>([]);
  const [editing, setEditing] = useState<Rule | null>(null);

  const loadAlerts = useCallback(async (offset: number) => {
    const page = await fetchAlerts(PAGE, offset);
    setAlerts((list) => (offset === 0 ? page : [...list, ...page]));
    setMore(page.length === PAGE);
  }, []);
  const loadRules = useCallback(async () => {
    const [r, k] = await Promise.all([
      http.get<{ data: Rule[] }>('alert-rules'),
      http.get<{ data: Kind[] }>('alert-rules/kinds'),
    ]);
    setRules(r.data.data);
    setKinds(k.data.data);
  }, []);
  useEffect(() => {
    loadAlerts(0).catch((e: unknown) => notify.error(errorMessage(e)));
    loadRules().catch((e: unknown) => notify.error(errorMessage(e)));
  }, [loadAlerts, loadRules]);

  const act = (work: Promise<unknown>) =>
    work.then(loadRules).catch((e: unknown) => notify.error(errorMessage(e)));
  return (
    <WidgetFrame title={config.title} kind="alertCenter" status="ready">
      <div className="ss-alert-center">
        <section aria-label="Alert list">
          <header className="ss-alert-center__head">
            <h3>Alerts</h3>
            <div className="ss-alert-center__actions">
              <DownloadLinks endpoint="alerts" what="alerts" />
              <button
                type="button"
                className="ss-btn ss-btn--ghost"
                onClick={() => void markRead().then(() => loadAlerts(0))}
              >
                Mark all read
              </button>
            </div>
          </header>
          {alerts.length === 0 && <p className="ss-state">No alerts yet</p>}
          <ul className="ss-alert-list">
            {alerts.map((a) => (
              <li key={a.id} className={a.read ? undefined : 'is-unread'}>
                <div>
                  <strong>{a.title}</strong>
                  <span>{a.message}</span>
                </div>
                <time>{a.observedOn}</time>
                {!a.read && (
                  <button
                    type="button"
                    className="ss-link-btn"
                    onClick={() => void markRead([a.id]).then(() => loadAlerts(0))}
                  >
                    Mark read
                  </button>
                )}
              </li>
            ))}
          </ul>
          {more && (
            <button
              type="button"
              className="ss-btn ss-btn--ghost"
              onClick={() => void loadAlerts(alerts.length)}
            >
              Show More
            </button>
          )}
        </section>
        <section aria-label="Alert rules">
          <h3>Rules</h3>
          <table className="ss-report-files">
            <thead>
              <tr>
                <th>Name</th>
                <th>Watches</th>
                <th>Digest to</th>
                <th>Status</th>
                <th>Action</th>
              </tr>
            </thead>
            <tbody>
              {rules.map((r) => (
                <tr key={r.id}>
                  <td>{r.name}</td>
                  <td>{r.kindLabel}</td>
                  <td>{r.recipients.join(', ') || '—'}</td>
                  <td>{r.status}</td>
                  <td>
                    <div className="ss-alert-rule-actions">
                      <button type="button" className="ss-link-btn" onClick={() => setEditing(r)}>
                        Edit
                      </button>{' '}
                      <button
                        type="button"
                        className="ss-link-btn"
                        onClick={() => void act(http.post(`alert-rules/${r.id}/toggle`))}
                      >
                        {r.status === 'Active' ? 'Deactivate' : 'Activate'}
                      </button>{' '}
                      <button
                        type="button"
                        className="ss-link-btn"
                        onClick={() => {
                          if (window.confirm(`Delete the rule "${r.name}"?`))
                            void act(http.delete(`alert-rules/${r.id}`));
                        }}
                      >
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <AlertRuleForm
            // A new form per rule edited (and one for adding), so no draft leaks between them.
            key={editing ? `edit-${editing.id}` : 'add'}
            kinds={kinds}
            editing={editing}
            onSaved={() => {
              setEditing(null);
              void loadRules().catch((e: unknown) => notify.error(errorMessage(e)));
            }}
            onCancel={() => setEditing(null)}
          />
        </section>
      </div>
    </WidgetFrame>
  );
}
