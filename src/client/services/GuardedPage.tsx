import { Suspense, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSnapshot, type Snapshot } from 'valtio';
import { session, type SessionState } from './sessionStore.js';
import { landingPage } from './access.js';

/**
 * A lazily loaded page for the users `allowed` lets in, outside read mode; anyone else goes to
 * their landing page (the API refuses them as well).
 */
export function GuardedPage({
  allowed,
  children,
}: {
  allowed: (snap: Snapshot<SessionState>) => boolean;
  children: ReactNode;
}) {
  const snap = useSnapshot(session);
  if (snap.readMode || !allowed(snap)) return <Navigate to={landingPage(snap.menuList)} replace />;
  return (
    <Suspense
      fallback={
        <div className="ss-loading" role="status">
          Loading…
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
