import type { MenuItem, SubmenuItem } from '../api/authApi.js';
import { HOME_URL } from './sessionStore.js';

/**
 * docs/product-spec.md §2: the workspace's known children, plus the areas we add beyond the spec
 * (alerts, docs/jobs.md; platform, platform staff's settings, docs/principals.md); any other first
 * segment goes to /workspace.
 */
export const WORKSPACE_CHILDREN = new Set(
  (
    'alerts inbox dashboard processmonitor changehistory tracking detection stock promo category content products visibility price review ' +
    'sales salesv2 advertising advertising_beta advertisingpg ams-historical-bid manualUploads display sellersbeta manualReports ' +
    'carsx client user report setup master reports information changedetection role settings sentiment internal-tools faq ' +
    'feedbackSupport resetpassword paxviz crawl_status sellers customscreen ams360 platform'
  ).split(' '),
);

const ALWAYS_ALLOWED = new Set(['feedbackSupport', 'faq', 'paxviz', 'resetpassword']);
const SUBMENU_GATED = new Set(['reports', 'master', 'information']);

/** The landing page: the first menu item's click url (paxviz items open under /workspace/paxviz/), else home. */
export function landingPage(menuList: readonly MenuItem[]): string {
  const first = menuList[0];
  if (!first) return HOME_URL;
  if (first.path) return `/workspace/paxviz/${first.path}`;
  return first.v2clickurl || HOME_URL;
}

export interface AccessInput {
  activityList: readonly string[];
  submenuList: readonly SubmenuItem[];
  readMode: boolean;
  readModeScreen: string | null;
}

/**
 * May the user open /workspace/{area}/{screen}? Always-allowed areas pass; reports, master and
 * information need the area in the submenu list; everything else needs the activity (or, for a
 * group's extra screen, its entry in the menu). A read-mode
 * viewer may open the shared screen only.
 */
export function isAllowed(area: string, screen: string, access: AccessInput): boolean {
  const key = `${area}/${screen}`;
  if (access.readMode) return key === access.readModeScreen || area === 'paxviz';
  if (ALWAYS_ALLOWED.has(area)) return true;
  if (SUBMENU_GATED.has(area)) return access.submenuList.some((s) => s.area === area);
  // A group's extra screen (docs/config-storage.md) opens with its product screen's activity: the
  // server lists it in the menu only to those who hold that.
  return (
    access.activityList.includes(key) ||
    access.submenuList.some((s) => s.area === area && s.screen === screen)
  );
}

/** Header links follow the reports, master and information permissions (docs/product-spec.md §2, §6). */
export function hasArea(access: AccessInput, area: string): boolean {
  return (
    access.submenuList.some((s) => s.area === area) ||
    access.activityList.some((a) => a.startsWith(`${area}/`))
  );
}
