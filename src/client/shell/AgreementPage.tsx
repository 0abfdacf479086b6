import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { authApi, type Agreement } from '../api/authApi.js';
import { notify } from '../services/toast.js';
import { logout } from './logout.js';
import './shell.css';

/** /agreement: the licence, 'I have Read License-Agreement', 'I AGREE' (until accepted), logout. */
export function AgreementPage() {
  const navigate = useNavigate();
  const [agreement, setAgreement] = useState<Agreement | null>(null);
  const [read, setRead] = useState(false);
  useEffect(() => {
    authApi.agreement().then(setAgreement, () => void navigate('/public/login', { replace: true }));
  }, [navigate]);
  const agree = async () => {
    if (!read) return notify.error('Please Read the License-Agreement');
    try {
      await authApi.acceptAgreement();
      void navigate('/workspace', { replace: true });
    } catch {
      notify.error('Something went wrong. Try again.');
    }
  };
  return (
    <div className="agr">
      <div className="agr__card">
        <header className="agr__head">
          <span className="ss-logo" aria-hidden="true">
            S
          </span>
          <h1>License Agreement</h1>
        </header>
        {/* The licence is static HTML served by our own API. */}
        <div className="agr__text" dangerouslySetInnerHTML={{ __html: agreement?.description ?? '' }} />
        <div className="agr__actions">
          {agreement && agreement.status === null && (
            <>
              <label className="agr__check">
                <input type="checkbox" checked={read} onChange={(e) => setRead(e.target.checked)} /> I have
                Read License-Agreement
              </label>
              <button type="button" className="ss-btn ss-btn--primary" onClick={() => void agree()}>
                I AGREE
              </button>
            </>
          )}
          <button type="button" className="ss-btn ss-btn--ghost" onClick={() => void logout(navigate)}>
            Logout
          </button>
        </div>
      </div>
    </div>
  );
}
