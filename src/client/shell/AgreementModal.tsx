import { useEffect, useState } from 'react';
import { authApi } from '../api/authApi.js';

/** The licence from the user menu, read-only. */
export function AgreementModal({ onClose }: { onClose: () => void }) {
  const [html, setHtml] = useState('');
  useEffect(() => {
    authApi.agreement().then(
      (a) => setHtml(a.description),
      (error: unknown) => console.warn('agreement fetch failed', error),
    );
  }, []);
  return (
    <div className="ss-modal-backdrop" onClick={onClose}>
      <div
        className="ss-modal ss-modal--wide"
        role="dialog"
        aria-modal="true"
        aria-label="License Agreement"
        onClick={(e) => e.stopPropagation()}
      >
        <div className="agr__text" dangerouslySetInnerHTML={{ __html: html }} />
        <div className="ss-modal__actions">
          <button type="button" className="ss-btn ss-btn--primary" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
