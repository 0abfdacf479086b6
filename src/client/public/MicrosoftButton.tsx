import { useEffect, useState } from 'react';
import { MICROSOFT_MSG } from '../../shared/auth/microsoftSignIn.js';
import { authApi } from '../api/authApi.js';
import { errorMessage } from '../api/http.js';
import { notify } from '../services/toast.js';

/**
 * "Sign in with Microsoft", shown only when the server has it set up (GET azure/session). A click
 * starts the flow and sends the browser to Microsoft, which sends it back to /public/microsoft.
 */
export function MicrosoftButton({ busy }: { busy: boolean }) {
  const [enabled, setEnabled] = useState(false);
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    let live = true;
    authApi
      .microsoftAvailable()
      .then((answer) => live && setEnabled(answer.enabled))
      .catch(() => live && setEnabled(false));
    return () => {
      live = false;
    };
  }, []);
  if (!enabled) return null;
  const start = async () => {
    setLeaving(true);
    try {
      window.location.assign((await authApi.microsoftStart()).url);
    } catch (error) {
      setLeaving(false);
      notify.error(errorMessage(error, MICROSOFT_MSG.unavailable));
    }
  };
  return (
    <div className="pub-sso">
      <span className="pub-sso__or">or</span>
      <button
        type="button"
        className="ss-btn ss-btn--ghost ss-btn--block pub-sso__button"
        disabled={busy || leaving}
        onClick={() => void start()}
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 21 21">
          <rect x="1" y="1" width="9" height="9" fill="#f25022" />
          <rect x="11" y="1" width="9" height="9" fill="#7fba00" />
          <rect x="1" y="11" width="9" height="9" fill="#00a4ef" />
          <rect x="11" y="11" width="9" height="9" fill="#ffb900" />
        </svg>
        {MICROSOFT_MSG.button}
      </button>
    </div>
  );
}
