import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../services/sessionStore.js';
import { landingPage } from '../services/access.js';
import { ADMIN_ACTIVITIES } from '../../shared/admin/adminActivities.js';

const GroupOverlayPage = lazy(() => import('../editor/GroupOverlayPage.js'));

/** /workspace/config/overlay: the group's admin (the roles activity); anyone else goes to their landing page. */
export function GroupOverlayRoute() {
  const snap = useSnapshot(session);
  if (snap.readMode || !snap.activityList.includes(ADMIN_ACTIVITIES.roles.url))
    return <Navigate to={landingPage(snap.menuList)} replace />;
  return (
    <Suspense
      fallback={
        <div className="ss-loading" role="status">
          Loading…
        </div>
      }
    >
      <GroupOverlayPage />
    </Suspense>
  );
}
