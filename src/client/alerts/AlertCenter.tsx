import { useCallback, useEffect, useState } from 'react';
import type { AlertCenterWidget } from '../../shared/config.gen.js';
import { errorMessage, http } from '../api/http.js';
import { WidgetFrame } from '../engine/widgets/frame/WidgetFrame.js';
import { notify } from '../shell/toast.js';
import { fetchAlerts, markRead, type AlertItem } from './alertStore.js';

interface Rule {
  id: number;
  kind: string;
  kindLabel: string;
  name: string;
  recipients: string[];
  status: string;
}
interface Kind {
  id: string;
  label: string;
}

const PAGE = 20;

/** The Alerts screen: the group's alerts (mark read) and its rules (add, Active / In-Active, delete). */
export function AlertCenter({ config }: { config: AlertCenterWidget }) {
  const [alerts, setAlerts] = useState<AlertItem[]>([]);
  const [more, setMore] = useState(false);
  const [rules, setRules] = useState<Rule[]>([]);
  const [kinds, setKinds] = useState<Kind[]>([]);
  const [draft, setDraft] = useState({ kind: '', name: '', recipients: '' });

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
  const addRule = () =>
    act(
      http
        .post('alert-rules', {
          kind: draft.kind || kinds[0]?.id,
          name: draft.name,
          recipients: draft.recipients
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        })
        .then(() => setDraft({ kind: '', name: '', recipients: '' })),
    );

  return (
    <WidgetFrame title={config.title} kind="alertCenter" status="ready">
      <div className="ss-alert-center">
        <section aria-label="Alert list">
          <header className="ss-alert-center__head">
            <h3>Alerts</h3>
            <button
              type="button"
              className="ss-btn ss-btn--ghost"
              onClick={() => void markRead().then(() => loadAlerts(0))}
            >
              Mark all read
            </button>
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <form
            className="ss-alert-rule-form"
            onSubmit={(e) => {
              e.preventDefault();
              void addRule();
            }}
          >
            <label>
              Watch
              <select value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.target.value })}>
                {kinds.map((k) => (
                  <option key={k.id} value={k.id}>
                    {k.label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Name
              <input
                required
                value={draft.name}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
            </label>
            <label>
              Digest to (e-mails, comma-separated)
              <input
                value={draft.recipients}
                onChange={(e) => setDraft({ ...draft, recipients: e.target.value })}
              />
            </label>
            <button type="submit" className="ss-btn ss-btn--primary">
              Add rule
            </button>
          </form>
        </section>
      </div>
    </WidgetFrame>
  );
}
