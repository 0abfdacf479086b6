import type { FastifyPluginAsync } from 'fastify';
import type { ServerFeature } from '../../platform/feature.js';
import { registerListAliases } from './listAliases.js';
import { registerMutationAliases } from './mutationAliases.js';
import { registerSessionPaths } from './sessionPaths.js';
import { registerUploadAliases } from './uploadAliases.js';
import { registerWarehousePaths } from './warehousePaths.js';
import { registerFaqRoutes } from './faqRoutes.js';
import * as faqsMigration from './faqsMigration.js';

const routes: FastifyPluginAsync = async (app) => {
  // Multipart bodies go on to the generic upload route unread: it parses and limits them.
  app.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));
  registerUploadAliases(app);
  registerMutationAliases(app);
  registerListAliases(app);
  registerSessionPaths(app);
  registerWarehousePaths(app);
  registerFaqRoutes(app);
  await Promise.resolve();
};

/**
 * The spec's own paths (docs/product-spec.md section 7) where the product serves the feature
 * elsewhere: aliases of the generic upload and mutation routes, and the few lists it lacked.
 */
export const specPathsFeature: ServerFeature = {
  name: 'specPaths',
  routes,
  migrations: Object.freeze({ '450_faqs': faqsMigration }),
};
