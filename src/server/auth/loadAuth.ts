import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import type { AuthContext } from './authContext.js';
import { SESSION_COOKIE, VIEWER_HEADER } from './cookies.js';
import { sha256 } from './secrets.js';
import { touchSession } from './sessions.js';
import { findLiveSessionWithActivities } from '../store/sessionRepo.js';
import type { SessionCache } from './sessionCache.js';
import { findLiveShareLink } from '../store/shareLinkRepo.js';

/**
 * Resolves the caller on every request: a read-mode viewer token header wins over the session
 * cookie. The session, the user's status and the role's activities come from the store, or from
 * `cache` while no store write has happened since they were read, so blocking a user, revoking a
 * link or changing a role still takes effect on the next call.
 */
export async function loadAuth(deps: Deps, cache: SessionCache, request: FastifyRequest): Promise<void> {
  request.loginSession = null;
  request.auth = null;
  const viewer = request.headers[VIEWER_HEADER];
  const token = typeof viewer === 'string' && viewer ? viewer : request.cookies[SESSION_COOKIE];
  if (!token) return;
  const db = deps.store.db;
  const id = sha256(token);
  let session = cache.get(id);
  if (!session) {
    const generation = deps.store.writes.current();
    session = await findLiveSessionWithActivities(db, id);
    if (!session) return;
    cache.set(id, session, generation);
  }
  request.loginSession = session;
  if (session.stage !== 'active' || session.group_id === null) return;
  if (session.share_link_id !== null) {
    const link = await findLiveShareLink(db, session.share_link_id);
    if (!link) return;
    request.auth = viewerContext(session.id, link);
    return;
  }
  await touchSession(db, deps.env, session);
  request.auth = {
    sessionId: session.id,
    userId: session.user_id,
    groupId: session.group_id,
    activities: new Set(session.activities),
    readMode: null,
  };
}

function viewerContext(
  sessionId: string,
  link: { created_by: number; group_id: number; view_id: number; menu_id: number; screen: string },
): AuthContext {
  return {
    sessionId,
    userId: link.created_by,
    groupId: link.group_id,
    activities: new Set([link.screen]),
    readMode: { viewId: link.view_id, menuId: link.menu_id, screen: link.screen },
  };
}
