import { describe, expect, it } from 'vitest';
import { SessionCache, type CachedSession } from './sessionCache.js';
import { cachedSession } from './testing/cachedSession.js';

const NOW = Date.parse('2026-11-22T10:00:00Z');

function session(expiresInMs = 3_600_000): CachedSession {
  return cachedSession({ expires_at: new Date(NOW + expiresInMs) }, NOW);
}

function setup(ttlMs = 5000) {
  const clock = { now: NOW, generation: 0 };
  const cache = new SessionCache(
    ttlMs,
    () => clock.generation,
    () => clock.now,
  );
  return { clock, cache };
}

describe('SessionCache', () => {
  it('serves a session read while the store did not change', () => {
    const { cache } = setup();
    cache.set('h1', session(), 0);
    expect(cache.get('h1')?.user_id).toBe(7);
  });

  it('drops every entry after a store write (block, role change, logout take effect at once)', () => {
    const { clock, cache } = setup();
    cache.set('h1', session(), 0);
    clock.generation++;
    expect(cache.get('h1')).toBeUndefined();
  });

  it('refuses a read that overlapped a write', () => {
    const { clock, cache } = setup();
    const readStartedAt = clock.generation;
    clock.generation++;
    cache.set('h1', session(), readStartedAt);
    expect(cache.get('h1')).toBeUndefined();
  });

  it('forgets entries older than the TTL', () => {
    const { clock, cache } = setup(5000);
    cache.set('h1', session(), 0);
    clock.now += 4999;
    expect(cache.get('h1')).toBeDefined();
    clock.now += 1;
    expect(cache.get('h1')).toBeUndefined();
  });

  it('never serves an expired session', () => {
    const { clock, cache } = setup(60_000);
    cache.set('h1', session(1000), 0);
    clock.now += 1000;
    expect(cache.get('h1')).toBeUndefined();
  });

  it('keeps nothing when the TTL is 0', () => {
    const { cache } = setup(0);
    cache.set('h1', session(), 0);
    expect(cache.get('h1')).toBeUndefined();
  });
});
