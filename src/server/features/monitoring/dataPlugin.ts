import type { FastifyPluginAsync } from 'fastify';
import { registerConfigRoutes } from './configRoutes.js';
import { registerConfigProblemsRoute } from './configProblemsRoute.js';
import { registerDataRoutes } from './dataRoutes.js';
import { registerProductPageRoute } from './productPageRoute.js';
import { registerSuggestionRoutes } from './suggestionRoutes.js';

/**
 * Config, suggestion and generic data endpoints, registered under /api/v1. Every route answers
 * from the config registry's current snapshot, so screen edits apply without a restart.
 */
export const dataPlugin: FastifyPluginAsync = async (app) => {
  registerConfigRoutes(app);
  registerConfigProblemsRoute(app);
  registerSuggestionRoutes(app);
  registerDataRoutes(app);
  registerProductPageRoute(app);
  await Promise.resolve();
};
