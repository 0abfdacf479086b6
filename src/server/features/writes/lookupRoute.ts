import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { NotFoundError } from '../../../shared/errors.js';
import { answers } from '../../platform/http/schemaKit.js';
import { groupsGranting } from '../../platform/store/adminScopeRepo.js';
import { LOOKUP_LIMIT, LOOKUP_PROVIDERS } from '../../language/entities/lookups.js';
import { mutationParams } from './mutationRouteSchemas.js';
import { resolveMutation, type MutationParams } from './screenMutation.js';

const lookupSchema = {
  summary:
    "Choices of a mutation's lookup (groups, a group's roles, activities, channels), caller's groups only",
  params: {
    ...mutationParams,
    required: [...mutationParams.required, 'lookup'],
    properties: { ...mutationParams.properties, lookup: mutationParams.properties.area },
  },
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { parent: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  },
  response: answers({
    type: 'array',
    items: {
      type: 'object',
      properties: { value: { type: 'integer' }, label: { type: 'string' } },
    },
  }),
} as const;

/**
 * GET /api/v1/lookup/{area}/{screen}/{mutation}/{lookup}: what a form field picks from, named in
 * the mutation's config (so config names every store read) and gated by its permission.
 */
export const lookupRoute: FastifyPluginAsync = async (app) => {
  app.get<{ Params: MutationParams & { lookup: string }; Querystring: { parent?: number } }>(
    '/lookup/:area/:screen/:mutation/:lookup',
    { schema: lookupSchema },
    async (request) => {
      const { mutation, permission, auth } = resolveMutation(
        app.deps.config.current(),
        request,
        request.params,
      );
      const lookup = mutation.lookups?.find((l) => l.id === request.params.lookup);
      if (!lookup) throw new NotFoundError(`Unknown lookup "${request.params.lookup}"`);
      const db = app.deps.store.db;
      const scope = await groupsGranting(db, auth.userId, permission);
      const options = await LOOKUP_PROVIDERS[lookup.entity](
        { db, warehouse: app.deps.warehouse },
        scope,
        request.query.parent,
      );
      return ok(options.slice(0, LOOKUP_LIMIT));
    },
  );
  await Promise.resolve();
};
