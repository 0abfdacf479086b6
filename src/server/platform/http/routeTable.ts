import type { FastifyInstance, RouteOptions } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
  schema: Record<string, unknown> | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered (onRoute), for the schema check and /api/docs' completeness test. */
    routeTable: RouteEntry[];
  }
}

/** Records routes from here on; call before any route is registered. */
export function installRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Read later: an onRoute hook of a child plugin may still replace the schema (drafts add :draftId).
      table.push({
        method,
        url: route.url,
        get schema() {
          return route.schema as Record<string, unknown> | undefined;
        },
      });
    }
  });
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * What each API route's schema lacks: a response schema always, params when the path has
 * parameters, a body schema for methods that carry one. Routes hidden from the document must be
 * outside /api (the SPA's static files): an API route may not opt out.
 */
export function routeSchemaProblems(routes: readonly RouteEntry[]): string[] {
  const problems: string[] = [];
  for (const { method, url, schema } of routes) {
    const where = `${method} ${url}`;
    if (schema?.hide === true) {
      if (url.startsWith('/api/')) problems.push(`${where}: hidden from /api/docs`);
      continue;
    }
    if (!schema) {
      problems.push(`${where}: no schema`);
      continue;
    }
    if (!schema.response) problems.push(`${where}: no response schema`);
    if (/[:*]/.test(url) && !schema.params)
      problems.push(`${where}: path parameters without a params schema`);
    if (BODY_METHODS.has(method) && !schema.body) problems.push(`${where}: no body schema`);
  }
  return problems;
}
