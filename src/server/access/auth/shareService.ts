import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../../shared/errors.js';
import { MSG } from '../../../shared/auth/accessRules.js';
import { publicUrl } from '../../platform/settings/env.js';
import type { ShareLinkRow } from '../../platform/store/storeDatabase.js';
import {
  findLiveShareLink,
  findShareLink,
  insertShareLink,
  revokeShareLink,
} from '../../platform/store/shareLinkRepo.js';
import { deleteSessionsOfShareLink } from '../../platform/store/sessionRepo.js';
import { audit } from '../../platform/store/auditRepo.js';
import { signShareToken, verifyShareToken } from './shareToken.js';
import { ADMIN_SHARE_REFUSED, mayShareScreen } from '../../../shared/auth/shareLinks.js';
import { startSession } from './sessions.js';
import type { ActiveAuth } from './guards.js';
import type { AuthKit } from './kit.js';
import { isGroupAdmin } from './groupAdmin.js';
import { mayOpenScreen } from './mayOpenScreen.js';
import { configForGroup } from '../../language/config/overlay/configForGroup.js';

export interface NewShareLink {
  view_id: number;
  menu_id: number;
  menu_name: string;
  screen: string;
  expires_in_hours?: number;
  /** The filters on screen (a URL query, checked by the route's schema); absent: the defaults. */
  filters?: string;
}

/**
 * Creates a link to one screen the creator may open, in the creator's current group, with the
 * filters on screen. Never to an admin screen: read mode is open to anyone holding the link.
 */
export async function createShareLink(
  kit: AuthKit,
  auth: ActiveAuth,
  input: NewShareLink,
  /** The address the creator browsed on (scheme://host[:port]), used when PUBLIC_URL is unset. */
  browsedOrigin?: string,
) {
  if (!mayShareScreen(input.screen)) throw new ForbiddenError(ADMIN_SHARE_REFUSED);
  if (!auth.activities.has(sharedPermission(kit, auth.groupId, input.screen)))
    throw new ForbiddenError(`Access denied to ${input.screen}`);
  const hours = input.expires_in_hours ?? 24 * 7;
  const expiresAt = new Date(Date.now() + hours * 3600_000);
  const link = await insertShareLink(kit.deps.store.db, {
    group_id: auth.groupId,
    created_by: auth.userId,
    view_id: input.view_id,
    menu_id: input.menu_id,
    menu_name: input.menu_name,
    screen: input.screen,
    filters: input.filters || null,
    expires_at: expiresAt,
  });
  const token = signShareToken(kit.secret, { l: link.id, e: Math.floor(expiresAt.getTime() / 1000) });
  await audit(kit.deps.store.db, auth.userId, 'share_link.created', `share_link:${link.id}`, {
    screen: input.screen,
  });
  // PUBLIC_URL when set; else the address the creator uses, which the recipient can reach too,
  // never localhost of a server seen from elsewhere.
  const base = (kit.deps.env.PUBLIC_URL || browsedOrigin || publicUrl(kit.deps.env)).replace(/\/$/, '');
  const url = `${base}/workspace/paxviz/${encodeURIComponent(input.menu_name)}?token=${token}`;
  return { id: link.id, token, url, expires_at: expiresAt.toISOString() };
}

/**
 * The activity that opens a screen the link names: its own, or for the group's extra screen
 * (docs/config-storage.md) that of the product screen it is built from. A name the group is not
 * served is its own, which no role holds.
 */
function sharedPermission(kit: AuthKit, groupId: number, screen: string): string {
  const { config, storedConfig } = kit.deps;
  if (config.current().screens.has(screen)) return screen;
  return configForGroup(config, storedConfig, groupId).screens.get(screen)?.permission ?? screen;
}

/** Who may see or revoke a link: its creator, a user who may open its screen, or the group's admin. */
export function mayManageLink(auth: ActiveAuth, link: { created_by: number; screen: string }): boolean {
  return link.created_by === auth.userId || isGroupAdmin(auth) || mayOpenScreen(auth, link.screen);
}

export const REVOKE_REFUSED =
  "Only the link's creator, users who may open its screen, or an admin may revoke it";

/**
 * Revokes one link of the caller's group; its viewer sessions end at once. Only its creator, a
 * user who may open its screen, or the group's admin may: any member could otherwise cut links
 * of screens they cannot even open.
 */
export async function revokeLink(kit: AuthKit, auth: ActiveAuth, id: number): Promise<void> {
  const link = await findShareLink(kit.deps.store.db, id);
  if (!link || link.group_id !== auth.groupId) throw new NotFoundError('Share link not found');
  if (!mayManageLink(auth, link)) throw new ForbiddenError(REVOKE_REFUSED);
  await revokeShareLink(kit.deps.store.db, id);
  await deleteSessionsOfShareLink(kit.deps.store.db, id);
  await audit(kit.deps.store.db, auth.userId, 'share_link.revoked', `share_link:${id}`);
}

/** The live link behind a token: signature, expiry and revocation all checked. */
export async function resolveShareToken(kit: AuthKit, token: string | undefined): Promise<ShareLinkRow> {
  if (!token) throw new BadRequestError(MSG.linkExpired);
  const claims = verifyShareToken(kit.secret, token);
  const link = claims ? await findLiveShareLink(kit.deps.store.db, claims.l) : undefined;
  if (!link) throw new UnauthorizedError(MSG.linkExpired);
  // A link made before admin screens were refused opens nothing.
  if (!mayShareScreen(link.screen)) throw new ForbiddenError(ADMIN_SHARE_REFUSED);
  return link;
}

/** Opens a viewer session for the link; its token travels in the x-viewer-token header. */
export async function startViewerSession(kit: AuthKit, link: ShareLinkRow): Promise<string> {
  const { token } = await startSession(kit.deps.store.db, {
    user_id: link.created_by,
    group_id: link.group_id,
    stage: 'active',
    otp_verified: true,
    share_link_id: link.id,
    expires_at: link.expires_at,
  });
  return token;
}
