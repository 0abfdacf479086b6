import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  httpDuration,
  rateLimitRefusals,
  registry,
  signInFailures,
} from '../../platform/metrics/instruments.js';
import { refreshStoreGauges } from './storeGauges.js';

/** The sign-in steps whose refusals count as failures (spec: /api/v1/authenticate, /verifyotp). */
const SIGN_IN = /\/(authenticate|verifyotp)$/;

function sameToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer /, '') ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * The route pattern, never the URL: an unmatched request is one label, not one per path. The
 * config-driven data calls share the wildcard route (data/dataRoutes.ts): a path the config
 * binds is its own label (bounded by the config), any other path stays the wildcard.
 */
function routeOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern) return 'unmatched';
  if (!pattern.endsWith('/*')) return pattern;
  const base = pattern.slice(0, -1);
  const rest = request.url.split('?')[0]!.slice(base.length).replace(/\/+$/, '');
  return request.server.deps.config.current().endpoints.has(rest) ? base + rest : pattern;
}

/**
 * Request metrics for every route, and GET /metrics (Prometheus text format) when METRICS_TOKEN
 * is set: the scraper sends `Authorization: Bearer <token>`. Off (404) by default.
 */
const plugin: FastifyPluginAsync = async (app) => {
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeOf(request);
    const status = reply.statusCode;
    httpDuration.observe({ route, method: request.method, status: String(status) }, reply.elapsedTime / 1000);
    if (status === 429) rateLimitRefusals.inc({ route });
    else if (status >= 400 && status < 500 && SIGN_IN.test(route)) signInFailures.inc({ route });
    done();
  });
  const token = app.deps.env.METRICS_TOKEN;
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!sameToken(request.headers.authorization, token))
      return reply.status(401).send({ statusCode: 0, msg: 'unauthorized' });
    // A store that does not answer leaves the store figures as last read; the rest still reports.
    await refreshStoreGauges(app.deps).catch((error: unknown) =>
      request.log.warn({ err: error }, 'metrics: store figures not refreshed'),
    );
    return reply
      .header('Cache-Control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
  await Promise.resolve();
};
// fastify-plugin's marker, without the dependency: the hook sees every route of the app.
(plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export const metricsPlugin = plugin;
