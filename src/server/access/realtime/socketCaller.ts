import fastifyCookie from '@fastify/cookie';
import type { Store } from '../../platform/store/store.js';
import { SESSION_COOKIE } from '../../access/auth/cookies.js';
import { sha256 } from '../../access/auth/secrets.js';
import { findLiveSession } from '../../platform/store/sessionRepo.js';

/** Who a socket belongs to: an active, group-selected, non-share-link session. */
export interface SocketCaller {
  sessionId: string;
  userId: number;
  groupId: number;
}

/** The session cookie of the socket's handshake, as the HTTP routes read it. */
export function sessionTokenOf(cookieHeader: string | undefined): string | undefined {
  return cookieHeader ? fastifyCookie.parse(cookieHeader)[SESSION_COOKIE] : undefined;
}

/**
 * Resolves a socket's caller from the store (never from what the client sends). A half-done
 * login, a share-link viewer or a blocked user's session is no caller: realtime is for users in
 * their workspace.
 */
export async function findSocketCaller(
  store: Store,
  token: string | undefined,
): Promise<SocketCaller | null> {
  if (!token) return null;
  const session = await findLiveSession(store.db, sha256(token));
  if (!session || session.stage !== 'active' || session.group_id === null || session.share_link_id !== null)
    return null;
  return { sessionId: session.id, userId: session.user_id, groupId: session.group_id };
}
