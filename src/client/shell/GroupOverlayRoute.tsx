import { lazy } from 'react';
import { GuardedPage } from '../services/GuardedPage.js';
import { ADMIN_ACTIVITIES } from '../../shared/admin/adminActivities.js';

const GroupOverlayPage = lazy(() => import('../editor/GroupOverlayPage.js'));

/** /workspace/config/overlay: the group's admin (the roles activity); anyone else goes to their landing page. */
export function GroupOverlayRoute() {
  return (
    <GuardedPage allowed={(snap) => snap.activityList.includes(ADMIN_ACTIVITIES.roles.url)}>
      <GroupOverlayPage />
    </GuardedPage>
  );
}
