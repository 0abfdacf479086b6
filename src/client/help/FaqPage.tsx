import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { errorMessage } from '../api/http.js';
import { notify } from '../services/toast.js';
import { session } from '../services/sessionStore.js';
import type { FaqEntry } from '../../shared/support/faqRules.js';
import { supportApi } from './supportApi.js';
import { FaqEditor } from './FaqEditor.js';
import './help.css';

/** /workspace/faq/faqs — always allowed: the store's entries (user/faqs/list); platform staff edit them here. */
export function FaqPage() {
  const { isStaff, readMode } = useSnapshot(session);
  const editable = isStaff && !readMode;
  const [faqs, setFaqs] = useState<FaqEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<FaqEntry | 'new' | null>(null);

  const reload = useCallback(() => {
    supportApi.faqs().then(
      (res) => setFaqs(res.data ?? []),
      () => setFailed(true),
    );
  }, []);
  useEffect(reload, [reload]);

  const remove = async (entry: FaqEntry) => {
    if (!window.confirm(`Remove the question "${entry.question}" from the FAQ?`)) return;
    try {
      notify.success((await supportApi.removeFaq(entry.id)).msg);
      reload();
    } catch (err) {
      notify.error(errorMessage(err));
    }
  };

  const saved = () => {
    setEditing(null);
    reload();
  };

  return (
    <section className="ss-page ss-help">
      <div className="ss-help__head">
        <h1>FAQ</h1>
        {editable && editing === null && (
          <button type="button" className="ss-btn" onClick={() => setEditing('new')}>
            Add question
          </button>
        )}
      </div>
      {editing === 'new' && <FaqEditor onSaved={saved} onCancel={() => setEditing(null)} />}
      {failed && <p className="ss-help__empty">Something went wrong, please try after sometime.</p>}
      {faqs && faqs.length === 0 && <p className="ss-help__empty">No questions yet.</p>}
      <dl className="ss-faq">
        {(faqs ?? []).map((f) =>
          editing !== 'new' && editing?.id === f.id ? (
            <FaqEditor key={f.id} entry={f} onSaved={saved} onCancel={() => setEditing(null)} />
          ) : (
            <div key={f.id}>
              <dt>{f.question}</dt>
              <dd>{f.answer}</dd>
              {editable && (
                <dd className="ss-help__actions">
                  <button type="button" className="ss-btn ss-btn--ghost" onClick={() => setEditing(f)}>
                    Edit
                  </button>
                  <button type="button" className="ss-btn ss-btn--ghost" onClick={() => void remove(f)}>
                    Remove
                  </button>
                </dd>
              )}
            </div>
          ),
        )}
      </dl>
    </section>
  );
}
