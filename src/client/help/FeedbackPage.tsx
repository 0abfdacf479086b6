import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { errorMessage } from '../api/http.js';
import { notify } from '../services/toast.js';
import { session } from '../services/sessionStore.js';
import { SUPPORT_MSG, SUPPORT_TEXT_MAX } from '../../shared/support/supportRules.js';
import { supportApi } from './supportApi.js';
import { TicketTable } from './TicketTable.js';
import type { SupportTicket } from '../../shared/support/supportRules.js';
import './help.css';

/**
 * /workspace/feedbackSupport/form — always allowed. A request is stored as a ticket and mailed to
 * support; the sender sees their own below, platform staff every group's with a Close button.
 */
export function FeedbackPage() {
  const { isStaff } = useSnapshot(session);
  const from = (useLocation().state as { from?: string } | null)?.from ?? '';
  const [text, setText] = useState('');
  const [screen, setScreen] = useState(from);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [mine, setMine] = useState<SupportTicket[]>([]);
  const [all, setAll] = useState<SupportTicket[] | null>(null);
  const [openOnly, setOpenOnly] = useState(true);

  const reload = useCallback(() => {
    void supportApi.mine().then((res) => setMine(res.data?.rows ?? []));
    if (isStaff)
      void supportApi.all(openOnly ? 'open' : undefined).then((res) => setAll(res.data?.rows ?? []));
  }, [isStaff, openOnly]);
  useEffect(reload, [reload]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError(SUPPORT_MSG.empty);
    if (text.trim().length > SUPPORT_TEXT_MAX) return setError(SUPPORT_MSG.tooLong);
    setBusy(true);
    try {
      const res = await supportApi.send(text, screen);
      notify.success(res.msg);
      setText('');
      setError('');
      reload();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const close = async (id: number) => {
    // Closing ends the request for its sender too: asked first, like every admin write that removes something.
    if (!window.confirm('Close this request? Its sender sees it closed.')) return;
    try {
      notify.success((await supportApi.close(id)).msg);
      reload();
    } catch (err) {
      notify.error(errorMessage(err));
    }
  };

  return (
    <section className="ss-page ss-help">
      <h1>Feedback &amp; Support</h1>
      <form className="ss-form" onSubmit={(e) => void submit(e)} noValidate>
        <label className="pub-field">
          <span>Screen</span>
          <input
            value={screen}
            maxLength={300}
            placeholder="Which screen is it about?"
            onChange={(e) => setScreen(e.target.value)}
          />
        </label>
        <label className="pub-field">
          <span>How can we help?</span>
          <textarea
            rows={6}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'feedback-error' : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          {error && (
            <span id="feedback-error" className="ss-field-error" role="alert">
              {error}
            </span>
          )}
        </label>
        <button type="submit" className="ss-btn ss-btn--primary" disabled={busy}>
          Send
        </button>
      </form>
      <TicketTable title="Your requests" rows={mine} empty="You have not sent a request yet." />
      {isStaff && all && (
        <TicketTable
          title="All requests"
          rows={all}
          empty="No requests."
          staff
          onClose={(id) => void close(id)}
          filter={
            <label className="ss-help__check">
              <input type="checkbox" checked={openOnly} onChange={(e) => setOpenOnly(e.target.checked)} />{' '}
              Open only
            </label>
          }
        />
      )}
    </section>
  );
}
