import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../api/http.js';
import {
  SHARE_EXPIRY_CHOICES,
  SHARE_FILTERS_MAX,
  SHARE_FILTERS_TOO_LONG,
  type CreatedShareLink,
  type ShareLinkItem,
} from '../../../shared/auth/shareLinks.js';
import { CopyLink } from './CopyLink.js';
import { ShareLinkList } from './ShareLinkList.js';
import type { ShareLinksApi } from './shareLinksApi.js';

const DEFAULT_HOURS = 24 * 7;

/**
 * The Share dialog of one screen: create a read-only link with an expiry, copy it, and see or
 * revoke this screen's links. Server refusals (e.g. 403 'Access denied to …') show as they come.
 */
export function ShareDialog({
  screen,
  title,
  api,
  currentFilters,
  onClose,
}: {
  screen: string;
  title: string;
  api: ShareLinksApi;
  currentFilters: () => string;
  onClose: () => void;
}) {
  const [hours, setHours] = useState(DEFAULT_HOURS);
  const [links, setLinks] = useState<ShareLinkItem[] | null>(null);
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(
    () =>
      api.list(screen).then(
        (list) => setLinks(list),
        (err: unknown) => setError(errorMessage(err)),
      ),
    [api, screen],
  );
  useEffect(() => void reload(), [reload]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      await reload();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className="ss-modal-backdrop"
      role="presentation"
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        className="ss-modal ss-modal--wide ss-share"
        role="dialog"
        aria-modal="true"
        aria-label={`Share ${title}`}
      >
        <h2>Share {title}</h2>
        <p>
          Anyone with the link sees this screen read-only, without signing in, until the link expires or you
          revoke it. It opens with the filters on screen when you create it; the viewer can change them there.
        </p>
        <form
          className="ss-share__create"
          onSubmit={(e) => {
            e.preventDefault();
            const filters = currentFilters();
            // The server's cap, said plainly before asking it.
            if (filters.length > SHARE_FILTERS_MAX) setError(SHARE_FILTERS_TOO_LONG);
            else void run(async () => setCreated(await api.create(screen, hours, filters)));
          }}
        >
          <label htmlFor="ss-share-expiry">Expires after</label>
          <select
            id="ss-share-expiry"
            className="ss-input"
            value={hours}
            onChange={(e) => setHours(Number(e.target.value))}
          >
            {SHARE_EXPIRY_CHOICES.map((c) => (
              <option key={c.hours} value={c.hours}>
                {c.label}
              </option>
            ))}
          </select>
          <button type="submit" className="ss-btn" disabled={busy}>
            Create link
          </button>
        </form>
        {error && (
          <p className="ss-field-error" role="alert">
            {error}
          </p>
        )}
        {created && <CopyLink key={created.id} url={created.url} />}
        <h3 className="ss-share__heading">Links to this screen</h3>
        {links === null ? (
          <p role="status">Loading…</p>
        ) : (
          <ShareLinkList
            links={links}
            busy={busy}
            onRevoke={(link) =>
              void run(async () => {
                await api.revoke(link.id);
                if (created?.id === link.id) setCreated(null);
              })
            }
          />
        )}
        <div className="ss-modal__actions">
          <button type="button" className="ss-btn ss-btn--ghost" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
