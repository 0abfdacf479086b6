import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import type { AuthContext } from './authContext.js';
import { SESSION_COOKIE, VIEWER_HEADER } from './cookies.js';
import { sha256 } from './secrets.js';
import { touchDue, touchSession } from './sessions.js';
import { findLiveSessionWithActivities } from '../../platform/store/sessionRepo.js';
import type { SessionCache } from './sessionCache.js';
import type { SessionRow } from '../../platform/store/storeDatabase.js';
import { findLiveShareLink } from '../../platform/store/shareLinkRepo.js';
import { sharedScreenSources } from './sharedExtraScreen.js';

/** A read-mode viewer token header wins over the session cookie. */
function callerToken(request: FastifyRequest): string | undefined {
  const viewer = request.headers[VIEWER_HEADER];
  return typeof viewer === 'string' && viewer ? viewer : request.cookies[SESSION_COOKIE];
}

/**
 * Resolves the caller from `cache` alone when nothing needs the store: no token, or a cached
 * session whose share link need not be checked and whose idle timeout need not move. Returns
 * false, leaving the request to loadAuth, otherwise. Synchronous, so a data call's auth costs no
 * promise hops.
 */
export function loadAuthFromCache(cache: SessionCache, request: FastifyRequest): boolean {
  request.loginSession = null;
  request.auth = null;
  const token = callerToken(request);
  if (!token) return true;
  const session = cache.get(token);
  if (!session) return false;
  if (
    session.stage === 'active' &&
    session.group_id !== null &&
    (session.share_link_id !== null || touchDue(session))
  )
    return false;
  request.loginSession = session;
  request.auth = session.context;
  return true;
}

/**
 * Resolves the caller on every request. The session, the user's status and the role's
 * activities come from the store, or from `cache` while no store write has happened since they
 * were read, so blocking a user, revoking a link or changing a role still takes effect on the
 * next call.
 */
export async function loadAuth(deps: Deps, cache: SessionCache, request: FastifyRequest): Promise<void> {
  request.loginSession = null;
  request.auth = null;
  const token = callerToken(request);
  if (!token) return;
  const db = deps.store.db;
  let session = cache.get(token);
  if (!session) {
    const generation = cache.currentGeneration();
    const row = await findLiveSessionWithActivities(db, sha256(token));
    if (!row) return;
    session = { ...row, context: sessionContext(row) };
    cache.set(token, session, generation);
  }
  request.loginSession = session;
  if (session.stage !== 'active' || session.group_id === null) return;
  if (session.share_link_id !== null) {
    const link = await findLiveShareLink(db, session.share_link_id);
    if (!link) return;
    request.auth = viewerContext(session.id, link, await sharedScreenSources(deps, link));
    return;
  }
  await touchSession(db, deps.env, session);
  request.auth = session.context;
}

/** The caller of an active session with a group; share-link sessions are resolved per call. */
function sessionContext(row: SessionRow & { activities: string[] }): Readonly<AuthContext> | null {
  if (row.stage !== 'active' || row.group_id === null || row.share_link_id !== null) return null;
  return Object.freeze({
    sessionId: row.id,
    userId: row.user_id,
    groupId: row.group_id,
    activities: new Set(row.activities),
    readMode: null,
  });
}

function viewerContext(
  sessionId: string,
  link: { created_by: number; group_id: number; view_id: number; menu_id: number; screen: string },
  sources: string[] | undefined,
): AuthContext {
  return {
    sessionId,
    userId: link.created_by,
    groupId: link.group_id,
    activities: new Set([link.screen, ...(sources ?? [])]),
    readMode: {
      viewId: link.view_id,
      menuId: link.menu_id,
      screen: link.screen,
      ...(sources ? { sources } : {}),
    },
  };
}
