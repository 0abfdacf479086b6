import { useState } from 'react';
import { formatDateTime } from '../../../shared/format/index.js';
import type { ShareLinkItem, ShareLinkStatus } from '../../../shared/auth/shareLinks.js';

const STATUS_LABEL: Record<ShareLinkStatus, string> = {
  live: 'Live',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** This screen's links (created, expires, status); a live one can be revoked after a confirmation. */
export function ShareLinkList({
  links,
  busy,
  onRevoke,
}: {
  links: readonly ShareLinkItem[];
  busy: boolean;
  onRevoke: (link: ShareLinkItem) => void;
}) {
  const [asking, setAsking] = useState<number | null>(null);
  if (links.length === 0) return <p className="ss-share__empty">No links to this screen yet.</p>;
  const confirming = links.find((l) => l.id === asking && l.status === 'live');
  return (
    <>
      <div className="ss-share__table">
        <table aria-label="Share links of this screen">
          <thead>
            <tr>
              <th scope="col">Created</th>
              <th scope="col">Expires</th>
              <th scope="col">Status</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {links.map((link) => (
              <tr key={link.id} data-link-id={link.id}>
                <td>{formatDateTime(link.created_at)}</td>
                <td>{formatDateTime(link.expires_at)}</td>
                <td>
                  <span className={`ss-share__status ss-share__status--${link.status}`}>
                    {STATUS_LABEL[link.status]}
                  </span>
                </td>
                <td>
                  {link.status === 'live' && (
                    <button
                      type="button"
                      className="ss-link-btn"
                      disabled={busy}
                      onClick={() => setAsking(link.id)}
                    >
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {confirming && (
        <div className="ss-share__confirm" role="alertdialog" aria-label="Revoke link">
          <p>
            Revoke the link created {formatDateTime(confirming.created_at)}? Anyone who opens it will see
            &lsquo;Link has been expired!&rsquo;, and viewers who have it open lose it at once.
          </p>
          <div className="ss-modal__actions">
            <button type="button" className="ss-btn ss-btn--ghost" onClick={() => setAsking(null)}>
              Cancel
            </button>
            <button
              type="button"
              className="ss-btn ss-share__danger"
              disabled={busy}
              onClick={() => {
                setAsking(null);
                onRevoke(confirming);
              }}
            >
              Revoke link
            </button>
          </div>
        </div>
      )}
    </>
  );
}
