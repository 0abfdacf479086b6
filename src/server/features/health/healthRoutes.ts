import type { FastifyPluginAsync } from 'fastify';
import { Redis } from 'ioredis';
import { readinessChecker } from './readiness.js';

/**
 * Liveness and readiness for load balancers and orchestrators, outside /api (no session, no
 * CSRF, no rate limit): /healthz says the process answers, /readyz that every dependency a
 * request needs is reachable and the demo's numbers are final (503 until then).
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  const { env } = app.deps;
  // Its own connection: a ping here must not queue behind the rate limiter's commands.
  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
        retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
      })
    : null;
  if (redis) {
    redis.on('error', () => undefined); // reported as redis: failing by /readyz
    redis.connect().catch(() => undefined);
    app.addHook('onClose', () => redis.disconnect());
  }
  const readiness = readinessChecker(app.deps, redis);
  const noStore = { 'Cache-Control': 'no-store' };
  // Probes, not API: kept out of /api/docs (routeTable.ts allows hiding outside /api only).
  const schema = { hide: true };

  app.get('/healthz', { schema }, async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));
  app.get('/readyz', { schema }, async (_request, reply) => {
    const { ready, checks } = await readiness();
    return reply
      .headers(noStore)
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'not ready', checks });
  });
  await Promise.resolve();
};
