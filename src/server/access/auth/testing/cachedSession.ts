import type { CachedSession } from '../sessionCache.js';

/** An active session of user 7 in group 1 with one activity, as the auth hook caches it. */
export function cachedSession(patch: Partial<CachedSession> = {}, now = Date.now()): CachedSession {
  return {
    id: 'h1',
    user_id: 7,
    group_id: 1,
    share_link_id: null,
    stage: 'active',
    expires_at: new Date(now + 3_600_000),
    last_seen_at: new Date(now),
    activities: ['stock/kpi'],
    context: Object.freeze({
      sessionId: 'h1',
      userId: 7,
      groupId: 1,
      activities: new Set(['stock/kpi']),
      readMode: null,
    }),
    ...patch,
  } as CachedSession;
}
