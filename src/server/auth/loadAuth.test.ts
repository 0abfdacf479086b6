import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, VIEWER_HEADER } from './cookies.js';
import { loadAuthFromCache } from './loadAuth.js';
import { SessionCache, type CachedSession } from './sessionCache.js';

const context = Object.freeze({
  sessionId: 'h1',
  userId: 7,
  groupId: 1,
  activities: new Set(['stock/kpi']),
  readMode: null,
});

function session(patch: Partial<CachedSession> = {}): CachedSession {
  return {
    id: 'h1',
    user_id: 7,
    group_id: 1,
    share_link_id: null,
    stage: 'active',
    expires_at: new Date(Date.now() + 3_600_000),
    last_seen_at: new Date(),
    activities: ['stock/kpi'],
    context,
    ...patch,
  } as CachedSession;
}

function request(cookies: Record<string, string>, headers: Record<string, string> = {}) {
  return { cookies, headers, auth: undefined, loginSession: undefined } as unknown as FastifyRequest;
}

function cacheWith(token: string, value: CachedSession): SessionCache {
  const cache = new SessionCache(5000, () => 0);
  cache.set(token, value, 0);
  return cache;
}

describe('loadAuthFromCache (the auth hook without the store)', () => {
  it('settles a caller without a token as anonymous', () => {
    const req = request({});
    expect(loadAuthFromCache(new SessionCache(5000, () => 0), req)).toBe(true);
    expect(req.auth).toBeNull();
    expect(req.loginSession).toBeNull();
  });

  it('serves a cached active session with the context built when it was read', () => {
    const req = request({ [SESSION_COOKIE]: 'tok' });
    expect(loadAuthFromCache(cacheWith('tok', session()), req)).toBe(true);
    expect(req.auth).toBe(context);
    expect(req.loginSession?.id).toBe('h1');
  });

  it('leaves a token it has not seen to the store', () => {
    const req = request({ [SESSION_COOKIE]: 'other' });
    expect(loadAuthFromCache(cacheWith('tok', session()), req)).toBe(false);
  });

  it('leaves share-link sessions to the store, which checks the link on every call', () => {
    const req = request({}, { [VIEWER_HEADER]: 'tok' });
    const shared = session({ share_link_id: 3, context: null });
    expect(loadAuthFromCache(cacheWith('tok', shared), req)).toBe(false);
  });

  it('leaves a session whose idle timeout is due to move to the store', () => {
    const req = request({ [SESSION_COOKIE]: 'tok' });
    const idle = session({ last_seen_at: new Date(Date.now() - 61_000) });
    expect(loadAuthFromCache(cacheWith('tok', idle), req)).toBe(false);
  });

  it('gives a login step (no group yet) its session but no caller', () => {
    const req = request({ [SESSION_COOKIE]: 'tok' });
    const step = session({ stage: 'otp', group_id: null, context: null });
    expect(loadAuthFromCache(cacheWith('tok', step), req)).toBe(true);
    expect(req.loginSession?.stage).toBe('otp');
    expect(req.auth).toBeNull();
  });
});
