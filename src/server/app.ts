import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Deps } from './platform/deps.js';
import { installErrorHandler } from './platform/http/errorHandler.js';
import { installJsonBodyParser } from './platform/http/jsonBody.js';
import { installNulGuard } from './platform/http/nulBytes.js';
import { authPlugin } from './access/auth/authPlugin.js';
import { installSecurityHeaders } from './access/auth/securityHeaders.js';
import { CSRF_COOKIE, setCsrfCookie } from './access/auth/cookies.js';
import { randomToken } from './access/auth/secrets.js';
import { registerDemoImages } from './demo/demoImageRoute.js';
import { installRouteTable } from './platform/http/routeTable.js';
import { installRequestIds, requestIdOf } from './platform/http/requestIds.js';
import { apiDocsRoute, installApiDocs } from './apiDocs.js';
import { FEATURES } from './features/index.js';
import { installReadinessGate } from './features/health/readinessGate.js';

const API_V1 = '/v1';

export interface AppOptions {
  /** Folder of the built SPA; when it exists, it is served with index.html as the fallback. */
  clientDir?: string;
  logger?: boolean | { level: string };
  /**
   * Answer 503 to everything but the probes while not ready (features/health/readinessGate.ts):
   * the started server's, not the harnesses' that build an app on a bare store.
   */
  gateOnReadiness?: boolean;
}

/** Assembles the HTTP server from its parts; main.ts and the API tests both call this. */
export async function buildApp(deps: Deps, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: deps.env.LOG_LEVEL },
    trustProxy: deps.env.TRUST_PROXY,
    genReqId: requestIdOf,
    // allowUnionTypes: the spec sends some lists either as a JSON string or as the list itself.
    ajv: {
      customOptions: {
        coerceTypes: 'array',
        removeAdditional: false,
        allErrors: true,
        allowUnionTypes: true,
      },
    },
  });
  app.decorate('deps', deps);
  installRequestIds(app);
  installErrorHandler(app);
  installJsonBodyParser(app);
  installNulGuard(app);
  installSecurityHeaders(app);
  installRouteTable(app);
  if (options.gateOnReadiness) installReadinessGate(app);
  // A save on another instance is being read from the store: answer once it is (docs/config-storage.md).
  app.addHook('onRequest', (_request, _reply, done) => {
    const reading = deps.storedConfig?.settled();
    if (!reading) return done();
    reading.then(
      () => done(),
      () => done(),
    );
  });
  await installApiDocs(app);
  await app.register(fastifyCookie);
  // Probes and metrics sit outside /api and carry no session (features/health, features/metrics).
  for (const feature of FEATURES) if (feature.rootRoutes) await app.register(feature.rootRoutes);
  // authPlugin's hooks reach the whole /api context: the versioned routes and /api/docs.
  await app.register(
    async (api) => {
      await api.register(authPlugin, { routePrefix: API_V1 });
      await api.register(
        async (v1) => {
          for (const feature of FEATURES)
            if (feature.routes) await v1.register(feature.routes, { prefix: feature.prefix ?? '' });
        },
        { prefix: API_V1 },
      );
      await api.register(apiDocsRoute);
    },
    { prefix: '/api' },
  );
  registerDemoImages(app);
  const spa = options.clientDir && existsSync(options.clientDir) ? path.resolve(options.clientDir) : null;
  if (spa) await app.register(fastifyStatic, { root: spa, wildcard: false, index: false });
  // Every non-API GET that is not a file is a client route: answer with the SPA shell.
  app.setNotFoundHandler((request, reply) => {
    if (spa && request.method === 'GET' && !request.url.startsWith('/api/')) {
      // The page's first call may be the login POST: hand out the CSRF cookie with the page.
      if (!request.cookies[CSRF_COOKIE]) setCsrfCookie(reply, deps.env, randomToken());
      return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ statusCode: 0, msg: 'page not found' });
  });
  return app;
}
