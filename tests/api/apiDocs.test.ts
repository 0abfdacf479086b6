/**
 * Every route has a schema (walked from Fastify's route table), and /api/docs publishes them all
 * as OpenAPI 3.1, to admins only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startAuthServer, type AuthServer } from './authHarness.js';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import { routeSchemaProblems } from '../../src/server/platform/http/routeTable.js';

interface OpenApi {
  openapi: string;
  paths: Record<
    string,
    Record<string, { requestBody?: unknown; parameters?: unknown[]; responses: Record<string, unknown> }>
  >;
}

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer();
});
afterAll(async () => {
  await server.close();
});

/** A JSON value with every object's keys sorted: route registration order does not change the API. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

/** Fastify's `/x/:id` and `/*` as OpenAPI writes them: `/x/{id}`, `/{*}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*/g, '{*}');

describe('route schemas', () => {
  it('every route declares its response, params and body', () => {
    expect(server.app.routeTable.length).toBeGreaterThan(40);
    expect(routeSchemaProblems(server.app.routeTable)).toEqual([]);
  });
});

describe('routes without input', () => {
  it('take no body or {}, and refuse a body with fields', async () => {
    const c = await login(server, DEMO_USERS.rival, undefined, 2);
    expect((await c.raw('PUT', 'agreement')).status).toBe(200);
    expect((await c.put('agreement', {})).status).toBe(200);
    const refused = await c.put('agreement', { status: 1 });
    expect(refused.status).toBe(400);
  });
});

describe('GET /api/docs', () => {
  it('answers 401 signed out and 403 to anyone but platform staff (a group admin too)', async () => {
    expect((await server.client().get('../docs')).status).toBe(401);
    for (const name of [DEMO_USERS.stock, server.env.DEMO_USER]) {
      const denied = await (await login(server, name)).get('../docs');
      expect(denied.status, name).toBe(403);
      expect(denied.body).toMatchObject({ msg: 'Access denied' });
    }
  });

  it('gives platform staff the OpenAPI 3.1 document listing every route with its schemas', async () => {
    const staff = await login(server, DEMO_USERS.staff);
    const res = await staff.get('../docs');
    expect(res.status).toBe(200);
    const doc = res.body as unknown as OpenApi;
    expect(doc.openapi).toBe('3.1.0');
    const routes = server.app.routeTable.filter((r) => r.method !== 'HEAD' && r.schema?.hide !== true);
    const missing = routes.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);
    for (const r of routes) {
      const operation = doc.paths[openApiPath(r.url)]![r.method.toLowerCase()]!;
      expect(operation.responses['200'], `${r.method} ${r.url}`).toBeDefined();
      if (r.method === 'POST' || r.method === 'PUT')
        expect(operation.requestBody, `${r.method} ${r.url}`).toBeDefined();
    }
    expect(doc.paths['/api/v1/authenticate']!.post!.requestBody).toMatchObject({
      content: { 'application/json': { schema: { properties: { username: { type: 'string' } } } } },
    });
    expect(doc.paths['/api/docs']!.get).toBeDefined();
    // The SPA fallback is a not-found handler, documented by hand.
    expect(doc.paths['/{path}']!.get!.responses['200']).toBeDefined();
  });

  // The API's contract, kept in git: a change to any route's path, method or schema shows here and is
  // accepted with `npx vitest run --project api tests/api/apiDocs.test.ts -u` (and reviewed in the diff).
  it('matches the committed OpenAPI document', async () => {
    const res = await (await login(server, DEMO_USERS.staff)).get('../docs');
    await expect(JSON.stringify(sortedKeys(res.body), null, 2) + '\n').toMatchFileSnapshot(
      './contracts/openapi.json',
    );
  });
});
