import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../services/sessionStore.js';
import { mayShareScreen } from '../../shared/auth/shareLinks.js';

// The engine (grids, charts, forms) loads on first use, so the login page never pays for Vega or rjsf.
const ScreenPage = lazy(() => import('../engine/ScreenPage.js').then((m) => ({ default: m.ScreenPage })));

class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <div className="ss-empty">Something went wrong, please try after sometime.</div>
    ) : (
      this.props.children
    );
  }
}

/** A workspace screen from the config engine; re-mounts when area or screen change. */
export function LazyScreen({ area, screen }: { area: string; screen: string }) {
  const snap = useSnapshot(session);
  // The server makes links only to screens in the session's activities, never to admin screens;
  // a viewer makes none.
  const path = `${area}/${screen}`;
  const shareable = !snap.readMode && snap.activityList.includes(path) && mayShareScreen(path);
  return (
    <ScreenErrorBoundary key={`${area}/${screen}`}>
      <Suspense
        fallback={
          <div className="ss-loading" role="status">
            Loading…
          </div>
        }
      >
        <ScreenPage area={area} screen={screen} shareable={shareable} personal={!snap.readMode} />
      </Suspense>
    </ScreenErrorBoundary>
  );
}
