import { http } from './http.js';
import type { Envelope } from '../../shared/envelope.js';
import type {
  Agreement,
  GroupSelection,
  LoginAnswer,
  SessionCheck,
  SharedView,
  UserInfo,
  UserMenu,
} from '../../shared/auth/accessTypes.js';
import type { MicrosoftAvailability, MicrosoftStart } from '../../shared/auth/microsoftSignIn.js';
import type { NumberStyle } from '../../shared/format/index.js';
export type {
  Agreement,
  SessionCheck,
  SharedView,
  UserInfo,
  GroupSelection,
  LoginAnswer,
  MenuItem,
  OrgItem,
  SubmenuItem,
  UserMenu,
} from '../../shared/auth/accessTypes.js';

async function data<T>(call: Promise<{ data: Envelope<T> }>): Promise<T> {
  const { data: envelope } = await call;
  return envelope.data as T;
}

export const authApi = {
  authenticate: (username: string, password: string) =>
    data<LoginAnswer>(http.post('authenticate', { username, password })),
  verifyOtp: (otp: string) => data<LoginAnswer>(http.post('verifyotp', { otp })),
  resendOtp: () => data<object>(http.get('resendOtp')),
  trustBrowser: () => data<object>(http.post('trustbrowser', {})),
  selectGroup: (groupId: number) => data<GroupSelection>(http.post('selectGroup', { group_id: groupId })),
  forgotPassword: async (email: string) => (await http.post<Envelope>('forgotPassLink', { email })).data.msg,
  resetPassword: (token: string, password: string, confirm: string) =>
    data<object>(http.post('resetPass', { password, confirm_password: confirm, token })),
  verifyUser: (verifyToken: string, password: string, confirm: string) =>
    data<object>(
      http.post('user/update', { password, confirm_password: confirm, verify_token: verifyToken }),
    ),
  changePassword: (current: string, password: string, confirm: string) =>
    data<object>(
      http.post('change/password', { current_password: current, password, confirm_password: confirm }),
    ),
  sessionValidity: () => data<SessionCheck>(http.get('processmonitor/sessionvalidity')),
  userInfo: () => data<UserInfo>(http.get('user_info')),
  userMenu: () => data<UserMenu>(http.get('user/menu')),
  lastCrawlTiming: () => data<Record<string, string>>(http.get('info/getlastcrawltiming')),
  agreement: () => data<Agreement>(http.get('agreement')),
  acceptAgreement: () => data<object>(http.put('agreement', {})),
  /** The user menu's number style, kept with the user (the server writes their figures in it). */
  saveNumberStyle: (style: NumberStyle) =>
    data<object>(http.put('user/number_style', { number_style: style })),
  /** POST with the CSRF header: ending a session is a state change (the spec's GET answers 405). */
  logout: () => data<object>(http.post('logout', {})),
  /** The viewer session call: share token in, viewer token out (response header). */
  viewerSession: async (shareToken: string): Promise<string | null> => {
    const response = await http.get<Envelope<{ viewer_token: string }> | null>('pax-viz/session', {
      headers: { 'x-share-token': shareToken },
    });
    const header = response.headers['x-viewer-token'] as string | undefined;
    return header ?? response.data?.data?.viewer_token ?? null;
  },
  verifyShareToken: (token: string) => data<SharedView>(http.post('paxviz/tokenVerify', { token })),
  /** Sign in with Microsoft: whether it is set up, its start (the provider's address), its finish. */
  microsoftAvailable: () => data<MicrosoftAvailability>(http.get('azure/session')),
  microsoftStart: () => data<MicrosoftStart>(http.post('azure/session', {})),
  /** The provider's answer, the query it sent the browser back with, exactly as it came. */
  microsoftFinish: (search: string) => data<LoginAnswer>(http.get(`azure/token${search}`)),
};
