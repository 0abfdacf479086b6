import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { formatLoginTime, NUMBER_STYLES, type NumberStyle } from '../../shared/format/index.js';
import { ADMIN_ACTIVITIES } from '../../shared/admin/adminActivities.js';
import { numberStylePref } from '../engine/runtime/numberStylePref.js';
import { chooseNumberStyle } from './numberStyleChoice.js';
import { session } from '../services/sessionStore.js';
import { logout } from './logout.js';
import { AgreementModal } from './AgreementModal.js';

/** The user menu of docs/product-spec.md §2: names, help links, agreement, version, last logins, reset password, logout. */
export function UserMenu() {
  const snap = useSnapshot(session);
  const { style } = useSnapshot(numberStylePref);
  const navigate = useNavigate();
  // Feedback & Support names the screen the user wrote from.
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [agreement, setAgreement] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) =>
      root.current && !root.current.contains(e.target as Node) && setOpen(false);
    // Escape closes the menu and gives focus back to its button (keyboard use).
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      root.current?.querySelector<HTMLButtonElement>('.ss-usermenu__trigger')?.focus();
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  const initials = `${snap.firstName.slice(0, 1)}${snap.lastName.slice(0, 1)}`.toUpperCase() || '?';
  return (
    <div className="ss-usermenu" ref={root}>
      <button
        type="button"
        className="ss-usermenu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span className="ss-avatar" aria-hidden="true">
          {initials}
        </span>
        <span className="ss-usermenu__first">{snap.firstName}</span>
      </button>
      {open && (
        <div className="ss-usermenu__panel" role="menu" onClick={() => setOpen(false)}>
          <div className="ss-usermenu__who">
            <strong>{`${snap.firstName} ${snap.lastName}`.trim()}</strong>
            <span>{snap.userName}</span>
          </div>
          <Link role="menuitem" to="/workspace/feedbackSupport/form" state={{ from: pathname }}>
            Feedback &amp; Support
          </Link>
          <Link role="menuitem" to="/workspace/faq/faqs">
            FAQ
          </Link>
          {snap.isStaff && !snap.readMode && (
            <Link role="menuitem" to="/workspace/config/editor">
              Screen editor
            </Link>
          )}
          {!snap.readMode && snap.activityList.includes(ADMIN_ACTIVITIES.roles.url) && (
            <Link role="menuitem" to="/workspace/config/overlay">
              Screen labels
            </Link>
          )}
          <button type="button" role="menuitem" onClick={() => setAgreement(true)}>
            Agreement
          </button>
          <div className="ss-usermenu__group" role="group" aria-label="Number style">
            <span className="ss-usermenu__grouplabel" aria-hidden="true">
              Number style
            </span>
            {(Object.keys(NUMBER_STYLES) as NumberStyle[]).map((key) => (
              <button
                key={key}
                type="button"
                role="menuitemradio"
                aria-checked={style === key}
                data-number-style={key}
                onClick={() => chooseNumberStyle(key)}
              >
                {NUMBER_STYLES[key].label}
              </button>
            ))}
          </div>
          <dl className="ss-usermenu__facts">
            <dt>Version</dt>
            <dd>{snap.version}</dd>
            <dt>Last Success Login</dt>
            <dd data-testid="last-success-login">{formatLoginTime(snap.lastSuccessLogin)}</dd>
            <dt>Last Failed Login</dt>
            <dd data-testid="last-failed-login">{formatLoginTime(snap.lastFailedLogin)}</dd>
          </dl>
          <Link role="menuitem" to="/workspace/resetpassword">
            Reset Password
          </Link>
          <button
            type="button"
            role="menuitem"
            className="ss-usermenu__logout"
            onClick={() => void logout(navigate)}
          >
            Log out
          </button>
        </div>
      )}
      {agreement && <AgreementModal onClose={() => setAgreement(false)} />}
    </div>
  );
}
