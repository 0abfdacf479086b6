import type { FastifyPluginAsync } from 'fastify';
import type { ServerFeature } from '../../platform/feature.js';
import { mutationRoutes } from './mutationRoutes.js';
import { bulkRoute } from './bulkRoute.js';
import { entityRowsRoute } from './entityRowsRoute.js';
import { lookupRoute } from './lookupRoute.js';

const routes: FastifyPluginAsync = async (app) => {
  await app.register(mutationRoutes);
  await app.register(bulkRoute);
  await app.register(entityRowsRoute);
  await app.register(lookupRoute);
};

/** The write half: config-declared mutations, bulk actions, entity rows and lookups. */
export const writesFeature: ServerFeature = { name: 'writes', routes };
