import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installRouteTable, routeSchemaProblems } from './routeTable.js';
import { answers, noBody } from './schemaKit.js';

describe('routeSchemaProblems', () => {
  it('names each API route that lacks a response, params or body schema', async () => {
    const app = Fastify();
    installRouteTable(app);
    app.get('/api/v1/none', () => ({}));
    app.get('/api/v1/ok', { schema: { response: answers() } }, () => ({}));
    app.get('/api/v1/item/:id', { schema: { response: answers() } }, () => ({}));
    app.post('/api/v1/write', { schema: { response: answers() } }, () => ({}));
    app.post('/api/v1/empty', { schema: { body: noBody, response: answers() } }, () => ({}));
    app.get('/api/v1/hidden', { schema: { hide: true } }, () => ({}));
    app.get('/assets/app.js', { schema: { hide: true } }, () => '');
    await app.ready();
    expect(routeSchemaProblems(app.routeTable)).toEqual([
      'GET /api/v1/none: no schema',
      'HEAD /api/v1/none: no schema',
      'GET /api/v1/item/:id: path parameters without a params schema',
      'HEAD /api/v1/item/:id: path parameters without a params schema',
      'POST /api/v1/write: no body schema',
      'GET /api/v1/hidden: hidden from /api/docs',
      'HEAD /api/v1/hidden: hidden from /api/docs',
    ]);
    await app.close();
  });

  it('sees a schema that a later onRoute hook replaced', async () => {
    const app = Fastify();
    installRouteTable(app);
    await app.register((child, _opts, done) => {
      child.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, params: { type: 'object' } };
      });
      child.get('/api/x/:id', { schema: { response: answers() } }, () => ({}));
      done();
    });
    await app.ready();
    expect(routeSchemaProblems(app.routeTable)).toEqual([]);
    await app.close();
  });
});
