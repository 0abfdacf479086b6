import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../services/sessionStore.js';
import { landingPage } from '../services/access.js';

const ModelSchemaEditorPage = lazy(() => import('./ModelSchemaEditorPage.js'));

/** The schema editor's routes: for roles holding the Model Schemas activity (the API checks again). */
export function ModelSchemaEditorRoute() {
  const snap = useSnapshot(session);
  if (snap.readMode || !snap.activityList.includes('tracking/modelSchemas'))
    return <Navigate to={landingPage(snap.menuList)} replace />;
  return (
    <Suspense
      fallback={
        <div className="ss-loading" role="status">
          Loading…
        </div>
      }
    >
      <ModelSchemaEditorPage />
    </Suspense>
  );
}
