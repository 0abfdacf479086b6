import { startTransition, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../services/sessionStore.js';
import { loadWorkspace } from './loadWorkspace.js';
import { enterReadMode } from './readMode.js';
import { showAlert } from './alerts.js';
import { Header } from './Header.js';
import { Sidebar } from './Sidebar.js';
import { SkipLink } from './SkipLink.js';
import { ConfigProblemsBanner } from './ConfigProblemsBanner.js';
import './shell.css';

/** Days before expiry from which the 'Update Password' alert shows after login. */
const PASSWORD_WARNING_DAYS = 10;

/**
 * The /workspace shell: checks the session (or enters read mode from a share token), gates on
 * the agreement, then shows header, sidebar and the routed page. Read mode shows the page only,
 * with a footer credit.
 */
export function WorkspaceLayout() {
  const snap = useSnapshot(session);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [ready, setReady] = useState(session.readMode);
  const shareToken = pathname.startsWith('/workspace/paxviz') ? params.get('token') : null;

  useEffect(() => {
    let live = true;
    const start = async () => {
      if (shareToken) {
        const shared = await enterReadMode(shareToken);
        if (!live) return;
        if (shared) {
          // The share token has done its job; the viewer token lives in memory. Dropping it from
          // the address keeps it out of the screen's filters and history (a reload asks again).
          // The link's filters take its place: the screen opens with them (URL state wins over
          // storage) and the viewer can change them from there.
          const rest = new URLSearchParams(params);
          rest.delete('token');
          const search = shared.filters || rest.toString();
          setReady(true);
          return void navigate({ pathname, search }, { replace: true });
        }
        return void navigate('/public/login', { replace: true });
      }
      if (session.readMode) return setReady(true);
      const gate = await loadWorkspace().catch(
        () => ({ kind: 'login', frameReload: session.isFrame }) as const,
      );
      if (!live) return;
      if (gate.kind === 'login') {
        if (gate.frameReload) window.alert('Frame reloading is not allowed!');
        return void navigate('/public/login', { replace: true });
      }
      if (gate.kind === 'agreement') return void navigate('/agreement', { replace: true });
      // Header, menu and the routed page render in slices rather than in one long task.
      startTransition(() => setReady(true));
      const days = session.passDayLeft;
      session.passDayLeft = null;
      if (days !== null && days <= PASSWORD_WARNING_DAYS) {
        const go = await showAlert({
          title: 'Update Password',
          message: `${days} days left, click on Continue to update your password or Cancel to update it later.`,
          type: 4,
        });
        if (go) void navigate('/workspace/resetpassword');
      }
    };
    void start();
    return () => {
      live = false;
    };
    // The gate runs once per entry into the workspace (and again for a new share token).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shareToken]);

  if (!ready) {
    return (
      <div className="ss-loading" role="status">
        Loading workspace…
      </div>
    );
  }
  if (snap.readMode) {
    return (
      <div className="ss-shell ss-shell--read">
        <main className="ss-content" id="ss-main" tabIndex={-1}>
          <Outlet />
        </main>
        <footer className="ss-readfooter">
          Powered by <strong>Shelfscope</strong> · read-only shared view
        </footer>
      </div>
    );
  }
  return (
    <div className="ss-shell">
      <SkipLink />
      <Header />
      <div className="ss-body">
        <Sidebar />
        <main className="ss-content" id="ss-main" tabIndex={-1}>
          <ConfigProblemsBanner />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
