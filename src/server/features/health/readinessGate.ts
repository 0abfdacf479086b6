import type { FastifyInstance } from 'fastify';
import { fail } from '../../../shared/envelope.js';
import { GENERIC_ERROR_MESSAGE } from '../../../shared/errors.js';
import { readinessChecker, type Readiness } from './readiness.js';

/** Answered to every request but the probes and metrics while the instance is not ready. */
const OPEN_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);
/** Seconds a client (or nginx's fail_timeout, deploy/nginx.conf) waits before asking again. */
const NOT_READY_RETRY_AFTER_S = 5;
/** A round of checks older than this is asked again (in the background): one round a second at most. */
const ANSWER_MAX_AGE_MS = 1000;
/**
 * Slow is not down: a store busy with a long import answers SELECT 1 late, and must not close
 * the instance (/readyz, for orchestrators, calls 2 s failing). Only a round this late fails.
 */
const GATE_CHECK_TIMEOUT_MS = 30_000;
const NOT_READY_PAGE =
  'Shelfscope is starting, or a part it needs is unreachable: try again in a few seconds.\n';

/**
 * The last round's answer, at once: a round older than `maxAgeMs` is started again in the
 * background, so a request never waits on the checks but the very first.
 */
function latestOf(check: () => Promise<Readiness>, maxAgeMs: number): () => Promise<boolean> {
  let last: { at: number; ready: boolean } | null = null;
  let round: Promise<boolean> | null = null;
  const ask = () =>
    (round ??= check()
      .then(
        (answer) => answer.ready,
        () => false,
      )
      .then((ready) => {
        last = { at: Date.now(), ready };
        round = null;
        return ready;
      }));
  return async () => {
    if (!last) return ask();
    if (Date.now() - last.at >= maxAgeMs) void ask();
    return last.ready;
  };
}

/**
 * An instance that is up but not ready (store, warehouse or queue unreachable, no valid config,
 * the demo's numbers not final: readiness.ts) answers every API call and page 503 with
 * Retry-After, so nginx, which has no active health check, skips it (`proxy_next_upstream
 * http_503`, deploy/nginx.conf) and a client retries. Redis is left out: every instance shares
 * the one Redis, and the server keeps serving without it (tests/faults/redisDown.test.ts), so
 * refusing on it would take the whole cluster down with it; /readyz still reports it.
 */
export function installReadinessGate(app: FastifyInstance): void {
  const ready = latestOf(readinessChecker(app.deps, null, GATE_CHECK_TIMEOUT_MS), ANSWER_MAX_AGE_MS);
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0]!;
    if (OPEN_PATHS.has(path)) return;
    if (await ready()) return;
    reply
      .status(503)
      .headers({ 'Retry-After': String(NOT_READY_RETRY_AFTER_S), 'Cache-Control': 'no-store' });
    // The API's envelope and the message any failure answers: nothing about which part is down.
    if (path.startsWith('/api/')) return reply.send(fail(GENERIC_ERROR_MESSAGE));
    return reply.type('text/plain; charset=utf-8').send(NOT_READY_PAGE);
  });
}
