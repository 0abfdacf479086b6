import { Navigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../services/sessionStore.js';
import { WORKSPACE_CHILDREN, isAllowed, landingPage } from '../services/access.js';
import { LazyScreen } from './LazyScreen.js';

/** Bare /workspace: the landing page (first menu item, else dashboard/home; the shared screen in read mode). */
export function WorkspaceIndex() {
  const snap = useSnapshot(session);
  return <Navigate to={snap.readMode ? snap.homeUrl : landingPage(snap.menuList)} replace />;
}

/** /workspace/{area}: the area's first allowed screen. */
export function AreaRoute() {
  const { area = '' } = useParams();
  const snap = useSnapshot(session);
  const first = snap.submenuList.find((s) => s.area === area);
  return <Navigate to={first ? first.url : '/workspace'} replace />;
}

/** /workspace/{area}/{screen}: unknown areas go to /workspace, unauthorised screens to the landing page. */
export function ScreenRoute() {
  const { area = '', screen = '' } = useParams();
  const snap = useSnapshot(session);
  if (!WORKSPACE_CHILDREN.has(area)) return <Navigate to="/workspace" replace />;
  if (!isAllowed(area, screen, snap)) {
    const landing = snap.readMode ? snap.homeUrl : landingPage(snap.menuList);
    if (landing !== `/workspace/${area}/${screen}`) return <Navigate to={landing} replace />;
    return <NoScreens />;
  }
  return <LazyScreen area={area} screen={screen} />;
}

/**
 * /workspace/paxviz/{name}: in read mode the shared screen; for a signed-in user the menu item
 * with that path, else the home url (docs/product-spec.md §2).
 */
export function PaxvizRoute() {
  const { name = '' } = useParams();
  const snap = useSnapshot(session);
  if (snap.readMode && snap.readModeScreen) {
    const [area = '', screen = ''] = snap.readModeScreen.split('/');
    return <LazyScreen area={area} screen={screen} />;
  }
  const item = snap.menuList.find((m) => m.path === name);
  if (!item) return <Navigate to={landingPage(snap.menuList)} replace />;
  // v2clickurl is /workspace/{area}/{screen}
  const [, area = '', screen = ''] = item.v2clickurl.split('/').filter(Boolean);
  return area && screen && isAllowed(area, screen, snap) ? (
    <LazyScreen area={area} screen={screen} />
  ) : (
    <Navigate to={landingPage(snap.menuList)} replace />
  );
}

export function NoScreens() {
  return (
    <div className="ss-empty">
      <h2>Welcome to Shelfscope</h2>
      <p>No screens are assigned to your role in this group yet. Please contact your administrator.</p>
    </div>
  );
}
