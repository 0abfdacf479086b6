import { authApi } from '../api/authApi.js';
import { errorMessage } from '../api/http.js';
import { showAlert } from './alerts.js';
import { session } from '../services/sessionStore.js';

/** Headers of every call in read mode: the viewer has no cookie session. */
export function readModeHeaders(): Record<string, string> | null {
  if (!session.readMode || !session.paxvizAuthKey) return null;
  return {
    'x-viewer-token': session.paxvizAuthKey,
    'x-view-id': String(session.readModeParams.viewId),
    'x-menu-id': String(session.readModeParams.menuId),
  };
}

/**
 * docs/product-spec.md §4 read mode: the viewer session call with the share token, then token verification.
 * On success only the shared screen is authorised and it becomes the landing page. Returns the
 * screen ('area/screen') with the filters the link was made with (a URL query, '' for the
 * screen's defaults), or null after telling the viewer why not.
 */
export async function enterReadMode(shareToken: string): Promise<{ screen: string; filters: string } | null> {
  let viewer: string | null;
  try {
    viewer = await authApi.viewerSession(shareToken);
  } catch (error) {
    await linkExpired(errorMessage(error, 'Link has been expired!'));
    return null;
  }
  if (!viewer) {
    await showAlert({ title: 'Paxviz', message: 'Unauthorised!', type: session.isFrame ? 4 : 3 });
    return null;
  }
  session.paxvizAuthKey = viewer;
  session.readMode = true;
  try {
    const view = await authApi.verifyShareToken(shareToken);
    if (!view.group) {
      await showAlert({ title: 'Paxviz', message: 'Unauthorized', type: session.isFrame ? 4 : 3 });
      return null;
    }
    session.readModeScreen = view.screen;
    session.readModeParams = {
      viewId: view.view_id,
      groupId: view.group_id,
      userId: view.user_id,
      menuId: view.menu_id,
    };
    session.groupName = view.group.group_name;
    session.activityList = [view.screen];
    session.homeUrl = `/workspace/paxviz/${view.menu_name}`;
    return { screen: view.screen, filters: view.filters ?? '' };
  } catch (error) {
    session.readMode = false;
    session.paxvizAuthKey = null;
    await linkExpired(errorMessage(error, 'Link has been expired!'));
    return null;
  }
}

async function linkExpired(message: string): Promise<void> {
  await showAlert({ title: 'Paxviz', message, type: session.isFrame ? 4 : 3 });
}
