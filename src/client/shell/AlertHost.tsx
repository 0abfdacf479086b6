import { useSnapshot } from 'valtio';
import { alertState, closeAlert } from './alerts.js';

const CONFIRM_LABEL = { 1: 'OK', 2: 'OK', 3: 'Login', 4: 'Continue' } as const;

/** The one modal alert of the app (session expiry, password expiry, read-mode messages). */
export function AlertHost() {
  const { current } = useSnapshot(alertState);
  if (!current) return null;
  const withCancel = current.type === 2 || current.type === 4;
  return (
    <div className="ss-modal-backdrop">
      <div
        className="ss-modal ss-alert"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="ss-alert-title"
      >
        <h2 id="ss-alert-title">{current.title}</h2>
        <p>{current.message}</p>
        <div className="ss-modal__actions">
          {withCancel && (
            <button type="button" className="ss-btn ss-btn--ghost" onClick={() => closeAlert(false)}>
              Cancel
            </button>
          )}
          <button type="button" className="ss-btn ss-btn--primary" autoFocus onClick={() => closeAlert(true)}>
            {CONFIRM_LABEL[current.type]}
          </button>
        </div>
      </div>
    </div>
  );
}
