import { useSnapshot } from 'valtio';
import { TOAST_MS, dismissToast, toasts } from '../services/toast.js';

/** The toast stack, top-right; each toast shows a shrinking progress bar for its 3 s. */
export function Toaster() {
  const snap = useSnapshot(toasts);
  return (
    <div className="ss-toasts" aria-live="polite">
      {snap.items.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          className={`ss-toast ss-toast--${t.kind}`}
        >
          <div className="ss-toast__body">
            {t.title && <strong className="ss-toast__title">{t.title}</strong>}
            <span className="ss-toast__message">{t.message}</span>
          </div>
          <button
            type="button"
            className="ss-toast__close"
            aria-label="Close"
            onClick={() => dismissToast(t.id)}
          >
            ×
          </button>
          <span className="ss-toast__progress" style={{ animationDuration: `${TOAST_MS}ms` }} />
        </div>
      ))}
    </div>
  );
}
