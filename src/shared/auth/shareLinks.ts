/** Share links (read mode) as both sides see them: the list's wire shape, its status rule, expiry choices. */
import { isAdminActivity } from '../admin/adminActivities.js';

export type ShareLinkStatus = 'live' | 'expired' | 'revoked';

/** One link of GET /api/v1/paxviz/token (the token itself is only ever returned at creation). */
export interface ShareLinkItem {
  id: number;
  view_id: number;
  menu_id: number;
  menu_name: string;
  screen: string;
  /** The filters the link opens with (a URL query); null: the screen's defaults. */
  filters: string | null;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
  status: ShareLinkStatus;
}

/** The answer of POST /api/v1/paxviz/token. */
export interface CreatedShareLink {
  id: number;
  token: string;
  url: string;
  expires_at: string;
}

/** A revoked link stays revoked after its expiry passes: revocation is what the owner did. */
export function shareLinkStatus(
  link: { expires_at: Date | string; revoked_at: Date | string | null },
  now: Date = new Date(),
): ShareLinkStatus {
  if (link.revoked_at) return 'revoked';
  return new Date(link.expires_at).getTime() > now.getTime() ? 'live' : 'expired';
}

/** The longest a link may live; the create route's schema refuses more. */
export const SHARE_MAX_HOURS = 24 * 90;

/** The dialog's expiry choices, in hours (the server's default is 7 days). */
export const SHARE_EXPIRY_CHOICES = [
  { label: '1 day', hours: 24 },
  { label: '7 days', hours: 24 * 7 },
  { label: '30 days', hours: 24 * 30 },
  { label: '90 days', hours: SHARE_MAX_HOURS },
] as const;

/** A link's menu name (the path after /workspace/paxviz/) made from its screen: 'stock/kpi' -> 'stock-kpi'. */
export function shareMenuName(screen: string): string {
  return screen.replace(/[^\w-]+/g, '-').slice(0, 100);
}

/**
 * A link's filters: the screen's filter state as the address bar holds it (filtersToSearch), so
 * only URL-query characters, and capped so a link row stays small. The create route's schema
 * refuses anything else.
 */
export const SHARE_FILTERS_MAX = 8000;
export const SHARE_FILTERS_PATTERN = '^[A-Za-z0-9%+=&*._~-]*$';
export const SHARE_FILTERS_TOO_LONG = 'Too many filters to share: remove some and try again.';

/** Read mode is open to anyone with the link, so an admin screen (users, groups, logs …) is never shared. */
export const ADMIN_SHARE_REFUSED = 'Admin screens cannot be shared: a share link must not show admin data.';

export function mayShareScreen(screen: string): boolean {
  return !isAdminActivity(screen);
}
