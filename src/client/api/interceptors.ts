import type { AxiosError, AxiosInstance } from 'axios';
import type { Envelope } from '../../shared/envelope.js';

export const UNAUTHORIZED_USER = 'unauthorized user';
export const SESSION_EXPIRED = 'Your session has been expired.';

export interface InterceptorHooks {
  /** Read-mode headers (viewer token, view id, menu id) or null outside read mode. */
  readModeHeaders: () => Record<string, string> | null;
  /** 401 'unauthorized user': the session-expired flow (after the browser alert). */
  onSessionExpired: () => void;
  /** Any other 401 on a signed-in page. */
  onUnauthorized: () => void;
}

/** Calls whose 401 is an answer for the page, not a lost session. */
const OWN_401 =
  /(authenticate|verifyotp|resendOtp|selectGroup|trustbrowser|processmonitor\/sessionvalidity|pax-viz\/session|paxviz\/tokenVerify|logout|azure\/session|azure\/token)$/;

/**
 * Read-mode headers on every call (the viewer has no cookie session), and the spec's 401 flow:
 * 'unauthorized user' shows 'Your session has been expired.' once, until a call succeeds again.
 * Returns a function that removes the interceptors (tests).
 */
export function installInterceptors(http: AxiosInstance, hooks: InterceptorHooks): () => void {
  let expiredShown = false;
  const request = http.interceptors.request.use((config) => {
    const extra = hooks.readModeHeaders();
    if (extra) for (const [k, v] of Object.entries(extra)) config.headers.set(k, v);
    return config;
  });
  const response = http.interceptors.response.use(
    (ok) => {
      expiredShown = false;
      return ok;
    },
    (error: AxiosError<Envelope>) => {
      const status = error.response?.status;
      const url = error.config?.url ?? '';
      if (status === 401 && !OWN_401.test(url.split('?')[0] ?? '')) {
        if (error.response?.data?.msg === UNAUTHORIZED_USER) {
          if (!expiredShown) {
            expiredShown = true;
            window.alert(SESSION_EXPIRED);
            hooks.onSessionExpired();
          }
        } else {
          hooks.onUnauthorized();
        }
      }
      return Promise.reject(error);
    },
  );
  return () => {
    http.interceptors.request.eject(request);
    http.interceptors.response.eject(response);
  };
}
