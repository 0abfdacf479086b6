import { http } from '../../api/http.js';
import type { Envelope } from '../../../shared/envelope.js';
import { shareMenuName, type CreatedShareLink, type ShareLinkItem } from '../../../shared/auth/shareLinks.js';

/** Read-only share links of one screen (read mode): what the Share dialog asks the server. */
export interface ShareLinksApi {
  list(screen: string): Promise<ShareLinkItem[]>;
  /** `filters`: the screen's filter state as a URL query; the link opens with it. */
  create(screen: string, hours: number, filters: string): Promise<CreatedShareLink>;
  revoke(id: number): Promise<void>;
}

function data<T>(envelope: Envelope<T>): T {
  if (envelope.statusCode !== 1 || envelope.data === undefined) {
    throw new Error(envelope.msg || 'Something went wrong. Try again.');
  }
  return envelope.data;
}

/** The share routes (`/api/v1/paxviz/token*`, src/server/access/auth/shareRoutes.ts) over the one HTTP client. */
export const httpShareLinksApi: ShareLinksApi = {
  async list(screen) {
    return data((await http.get<Envelope<ShareLinkItem[]>>('paxviz/token', { params: { screen } })).data);
  },
  async create(screen, hours, filters) {
    // A screen link has no slide view or menu item behind it: both ids are 0.
    const body = {
      view_id: 0,
      menu_id: 0,
      menu_name: shareMenuName(screen),
      screen,
      expires_in_hours: hours,
      ...(filters ? { filters } : {}),
    };
    return data((await http.post<Envelope<CreatedShareLink>>('paxviz/token', body)).data);
  },
  async revoke(id) {
    data((await http.post<Envelope>('paxviz/token/revoke', { id })).data);
  },
};
