import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forward } from './forward.js';
import { mutationAliasOf } from './specPathSchemas.js';

/** The spec's form calls and the declared mutation (screens/) each one runs: area/screen/mutation. */
const MUTATIONS = {
  'promotion/add': 'promo/plan/add',
  'promotion/edit': 'promo/plan/edit',
  'product/detail': 'products/data/detail',
  'product/prices': 'products/data/price',
} as const;

/**
 * The spec's form paths as aliases of mutate/{area}/{screen}/{mutation} (mutationRoutes.ts): the
 * config's body schema and messages, the optimistic lock, tenancy and audit. The spec gives no
 * method; POST and PUT both run it, as an edit form may send either.
 */
export function registerMutationAliases(app: FastifyInstance): void {
  for (const [path, mutation] of Object.entries(MUTATIONS)) {
    // The generic route is POST only.
    const handler = (request: FastifyRequest, reply: FastifyReply) =>
      forward(app, request, reply, `mutate/${mutation}`, 'POST');
    const schema = mutationAliasOf(`mutate/${mutation}`);
    app.post(`/${path}`, { schema }, handler);
    app.put(`/${path}`, { schema }, handler);
  }
}
