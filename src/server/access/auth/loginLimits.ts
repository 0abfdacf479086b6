import type { onRequestHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import { TooManyRequestsError } from '../../../shared/errors.js';
import { MSG } from '../../../shared/auth/accessRules.js';

/** Sign-ins one address may have in progress at once (each may be waiting for a hash). */
const IN_FLIGHT_PER_ADDRESS = 3;
/**
 * How long a refused sign-in is held before its 429. A flood waits for each answer before the
 * next attempt: answered at once, 50 connections sent ~2,200 refused sign-ins a second and took a
 * core of the two from the analysts (screens p95 0.5 s -> 2 s); held, they cost a timer each.
 */
export const REFUSAL_DELAY_MS = 1_000;

/**
 * Limits on sign-in attempts per client address, checked on onRequest, before the body is read
 * or a password hashed, so a flood costs a counter lookup per request once over:
 * - at most IN_FLIGHT_PER_ADDRESS in progress: one address cannot fill the hash pool's queue, so
 *   others' sign-ins wait behind at most that many of its hashes;
 * - at most `perMinute` (LOGIN_RATE_PER_ADDRESS) a minute;
 * - a refusal is answered after REFUSAL_DELAY_MS, so a client that waits for answers is slowed
 *   to one attempt per connection a second.
 * The address is the socket's unless TRUST_PROXY names the proxy in front (request.ip): a client
 * cannot pick its own X-Forwarded-For to get a fresh allowance. A flood spread over many
 * addresses meets the hash pool's global bound instead.
 */
export function addressLoginLimits(perMinute: number): onRequestHookHandler[] {
  if (perMinute === 0) return [];
  const refuse = (done: (error?: Error) => void) =>
    setTimeout(() => done(new TooManyRequestsError(MSG.tooMany)), REFUSAL_DELAY_MS).unref();
  const inFlight = new Map<string, number>();
  const concurrent: onRequestHookHandler = (request, reply, done) => {
    const address = request.ip;
    const now = inFlight.get(address) ?? 0;
    if (now >= IN_FLIGHT_PER_ADDRESS) return refuse(done);
    inFlight.set(address, now + 1);
    reply.raw.once('close', () => {
      const left = (inFlight.get(address) ?? 1) - 1;
      if (left > 0) inFlight.set(address, left);
      else inFlight.delete(address);
    });
    done();
  };
  // Not @fastify/rate-limit: it runs one limiter per request, and this one would switch off the
  // route's per-user-name limit.
  const windows = new LRUCache<string, { count: number }>({ max: 100_000, ttl: 60_000, ttlAutopurge: false });
  const perWindow: onRequestHookHandler = (request, _reply, done) => {
    const window = windows.get(request.ip) ?? { count: 0 };
    if (window.count === 0) windows.set(request.ip, window);
    if (++window.count > perMinute) return refuse(done);
    done();
  };
  return [perWindow, concurrent];
}
