import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../services/sessionStore.js';
import { landingPage } from '../services/access.js';

// CodeMirror and the editor load only here, so neither the login page nor a screen pays for them.
const ConfigEditorPage = lazy(() => import('../editor/ConfigEditorPage.js'));

/** /workspace/config/editor: admins only; anyone else goes to their landing page (the API answers them 403). */
export function ConfigEditorRoute() {
  const snap = useSnapshot(session);
  if (!snap.isStaff || snap.readMode) return <Navigate to={landingPage(snap.menuList)} replace />;
  return (
    <Suspense
      fallback={
        <div className="ss-loading" role="status">
          Loading…
        </div>
      }
    >
      <ConfigEditorPage />
    </Suspense>
  );
}
