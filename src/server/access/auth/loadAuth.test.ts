import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, VIEWER_HEADER } from './cookies.js';
import { loadAuthFromCache } from './loadAuth.js';
import { SessionCache, type CachedSession } from './sessionCache.js';
import { cachedSession } from './testing/cachedSession.js';

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
    const cached = cachedSession();
    expect(loadAuthFromCache(cacheWith('tok', cached), req)).toBe(true);
    expect(req.auth).toBe(cached.context);
    expect(req.loginSession?.id).toBe('h1');
  });

  it('leaves a token it has not seen to the store', () => {
    const req = request({ [SESSION_COOKIE]: 'other' });
    expect(loadAuthFromCache(cacheWith('tok', cachedSession()), req)).toBe(false);
  });

  it('leaves share-link sessions to the store, which checks the link on every call', () => {
    const req = request({}, { [VIEWER_HEADER]: 'tok' });
    const shared = cachedSession({ share_link_id: 3, context: null });
    expect(loadAuthFromCache(cacheWith('tok', shared), req)).toBe(false);
  });

  it('leaves a session whose idle timeout is due to move to the store', () => {
    const req = request({ [SESSION_COOKIE]: 'tok' });
    const idle = cachedSession({ last_seen_at: new Date(Date.now() - 61_000) });
    expect(loadAuthFromCache(cacheWith('tok', idle), req)).toBe(false);
  });

  it('gives a login step (no group yet) its session but no caller', () => {
    const req = request({ [SESSION_COOKIE]: 'tok' });
    const step = cachedSession({ stage: 'otp', group_id: null, context: null });
    expect(loadAuthFromCache(cacheWith('tok', step), req)).toBe(true);
    expect(req.loginSession?.stage).toBe('otp');
    expect(req.auth).toBeNull();
  });
});
