import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../services/sessionStore.js';
import { hasArea } from '../services/access.js';
import { UserMenu } from './UserMenu.js';
import { AlertBell } from './AlertBell.js';
import { DownloadIcon, InfoIcon, UploadIcon } from './icons.js';

/** Top header: brand, group name, the permission-gated links, the user menu (hidden in read mode by the layout). */
export function Header() {
  const snap = useSnapshot(session);
  return (
    <header className="ss-header">
      <Link to="/workspace" className="ss-header__brand">
        <span className="ss-logo" aria-hidden="true">
          S
        </span>
        Shelfscope
      </Link>
      <span className="ss-header__group" title="Group">
        {snap.groupName}
      </span>
      <nav className="ss-header__links" aria-label="Shortcuts">
        {hasArea(snap, 'reports') && (
          <Link to="/workspace/reports/download_report" title="Report">
            <DownloadIcon /> Report
          </Link>
        )}
        {hasArea(snap, 'master') && !snap.readMode && (
          <Link to="/workspace/master/master_data" title="Import Data">
            <UploadIcon /> Import Data
          </Link>
        )}
        {hasArea(snap, 'information') && (
          <Link to="/workspace/information/channels" title="Information">
            <InfoIcon /> Information
          </Link>
        )}
      </nav>
      {!snap.readMode && <AlertBell canManage={hasArea(snap, 'alerts')} />}
      <UserMenu />
    </header>
  );
}
