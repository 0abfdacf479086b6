/** Share links (read mode) as both sides see them: the list's wire shape, its status rule, expiry choices. */

export type ShareLinkStatus = 'live' | 'expired' | 'revoked';

/** One link of GET /api/v1/paxviz/token (the token itself is only ever returned at creation). */
export interface ShareLinkItem {
  id: number;
  view_id: number;
  menu_id: number;
  menu_name: string;
  screen: string;
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
