import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { APP_VERSION } from './access/auth/sessionRoutes.js';
import { requireAdmin } from './access/auth/guards.js';
import { withConfigEndpoints } from './apiDocsEndpoints.js';

/** The SPA fallback is a not-found handler, not a route: the document names it by hand. */
const spaFallback = {
  get: {
    summary: 'Client route',
    description:
      'Any GET outside /api/ that is not a file of the built client answers the SPA shell (index.html); ' +
      'the client router takes the path from there.',
    parameters: [{ name: 'path', in: 'path' as const, required: true, schema: { type: 'string' as const } }],
    responses: {
      200: { description: 'index.html', content: { 'text/html': { schema: { type: 'string' as const } } } },
    },
  },
};

/**
 * OpenAPI 3.1 of every route, built by @fastify/swagger from the routes' own schemas (so it
 * cannot drift from what the server validates). Register before any route: it collects them as
 * they are added.
 */
export async function installApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Shelfscope API', version: APP_VERSION },
    },
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const openapi = document.openapiObject;
      // Idempotent: the document is built once and cached by the plugin.
      openapi.paths = { ...openapi.paths, '/{path}': spaFallback };
      return openapi;
    },
  });
}

/** GET /docs (mounted under /api): the document, for admins only (it maps the whole attack surface). */
export const apiDocsRoute: FastifyPluginAsync = (app) => {
  app.get(
    '/docs',
    {
      schema: {
        summary: 'This OpenAPI document (admin only)',
        response: { 200: { type: 'object', additionalProperties: true } },
      },
    },
    async (request) => {
      await requireAdmin(app.deps, request);
      // Config endpoints change with the config (hot reload): added on each call, not cached.
      return withConfigEndpoints(app.swagger(), app.deps.config.current().endpoints.keys());
    },
  );
  return Promise.resolve();
};
