import { authApi } from '../api/authApi.js';
import { applyUserInfo, session, setMenus } from '../services/sessionStore.js';
import { landingPage } from '../services/access.js';
import { adoptNumberStyle } from './numberStyleChoice.js';

export type WorkspaceGate =
  { kind: 'ready' } | { kind: 'login'; frameReload: boolean } | { kind: 'agreement' };

function store(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage unavailable: the screens fall back to today
  }
}

/**
 * docs/product-spec.md §4 session: valid -> agreement check (status null -> /agreement) -> user info and menu.
 * Invalid -> login ('Frame reloading is not allowed!' inside a frame).
 */
export async function loadWorkspace(): Promise<WorkspaceGate> {
  try {
    const check = await authApi.sessionValidity();
    session.userId = check.userId;
    session.loginTime = check.loginTime;
  } catch {
    return { kind: 'login', frameReload: session.isFrame };
  }
  const agreement = await authApi.agreement();
  if (agreement.status === null) return { kind: 'agreement' };
  const [info, menu, crawl] = await Promise.all([
    authApi.userInfo(),
    authApi.userMenu(),
    authApi.lastCrawlTiming().catch(() => ({})),
  ]);
  applyUserInfo(info);
  adoptNumberStyle(info.numberStyle);
  setMenus(menu);
  session.homeUrl = landingPage(menu.menuList);
  store('crawlDate', crawl);
  store('last_updated', crawl);
  return { kind: 'ready' };
}
