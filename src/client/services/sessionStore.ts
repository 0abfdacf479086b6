import { proxy, ref } from 'valtio';
import type { GroupSelection, MenuItem, SubmenuItem, UserInfo } from '../api/authApi.js';

/** docs/product-spec.md §3: the session object the shell works from. */
export interface ReadModeParams {
  viewId: number;
  groupId: number;
  userId: number;
  menuId: number;
}

export const HOME_URL = '/workspace/dashboard/home';

export interface SessionState {
  userId: number | null;
  loginTime: string | null;
  firstName: string;
  lastName: string;
  userName: string;
  /** Staff with the admin flag: sees refused config edits and gets the screen editor and its link. */
  isStaff: boolean;
  groupName: string;
  lastSuccessLogin: string | null;
  lastFailedLogin: string | null;
  version: string;
  menuList: MenuItem[];
  activityList: string[];
  submenuList: SubmenuItem[];
  homeUrl: string;
  readMode: boolean;
  /** Read mode: the one screen the share link opens ('area/screen'). */
  readModeScreen: string | null;
  readModeParams: ReadModeParams;
  /** Viewer token of the read-mode session, sent as x-viewer-token. */
  paxvizAuthKey: string | null;
  isFrame: boolean;
  /** Set by the login, consumed once by the shell: the 'Update Password' alert. */
  passDayLeft: number | null;
}

const NO_READ_MODE: ReadModeParams = { viewId: -1, groupId: -1, userId: -1, menuId: -1 };

function inFrame(): boolean {
  try {
    return typeof window !== 'undefined' && window.self !== window.top;
  } catch {
    return true;
  }
}

/** The user-specific part of the session when nobody is signed in in this tab. */
function signedOut() {
  return {
    userId: null,
    loginTime: null,
    firstName: '',
    lastName: '',
    userName: '',
    isStaff: false,
    groupName: '',
    menuList: [],
    activityList: [],
    submenuList: [],
    readMode: false,
    readModeScreen: null,
    readModeParams: { ...NO_READ_MODE },
    paxvizAuthKey: null,
    passDayLeft: null,
  } satisfies Partial<SessionState>;
}

export const session = proxy<SessionState>({
  ...signedOut(),
  lastSuccessLogin: null,
  lastFailedLogin: null,
  version: '0.0.1',
  homeUrl: HOME_URL,
  isFrame: inFrame(),
});

function store(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // Storage may be unavailable (private mode, sandboxed frame): the in-memory session still works.
  }
}

/**
 * The menus as plain arrays (valtio's ref), never changed in place, only swapped whole: valtio
 * would proxy every item on the way in and copy them into every snapshot, 24-40 ms of the first
 * screen's start (docs/bench.md, long tasks).
 */
export function setMenus(m: Pick<SessionState, 'menuList' | 'activityList' | 'submenuList'>): void {
  session.menuList = ref(m.menuList);
  session.activityList = ref(m.activityList);
  session.submenuList = ref(m.submenuList);
}

/** After group selection: what the spec stores locally (docs/product-spec.md §3) and the menu the shell shows. */
export function applyGroupSelection(sel: GroupSelection, userId: number | null): void {
  setMenus(sel);
  session.groupName = sel.groupName;
  session.loginTime = sel.loginTime;
  session.passDayLeft = sel.pass_day_left;
  store('loggedIn', 'true');
  store('loginTime', sel.loginTime);
  store('groupName', sel.groupName);
  store('crawlDate', sel.last_crawl_date);
  store('last_updated', sel.last_crawl_date);
  store('userDetailObj', { activityList: sel.activityList, menuList: sel.menuList });
  if (userId !== null) store('userId', String(userId));
}

export function applyUserInfo(info: UserInfo): void {
  session.firstName = info.firstName;
  session.lastName = info.lastName;
  session.userName = info.userName;
  session.isStaff = info.isStaff;
  session.groupName = info.groupName;
  session.lastSuccessLogin = info.last_success_login;
  session.lastFailedLogin = info.last_failed_login;
  session.version = info.ktrVersion;
  store('currencyInfo', { symbol: '₹', mrp: info.mrp, selling_price: info.selling_price });
}

/** Logout or expiry: forget everything about the user in this browser (filters stay). */
export function clearSession(): void {
  Object.assign(session, signedOut());
  try {
    for (const key of [
      'loggedIn',
      'userId',
      'loginTime',
      'auth_token',
      'urltoken',
      'userDetailObj',
      'groupName',
    ]) {
      window.localStorage.removeItem(key);
    }
  } catch {
    // see store()
  }
}
