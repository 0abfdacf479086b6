import type { FastifyPluginAsync } from 'fastify';
import { registerCrawlRunRoutes } from './crawlRunRoutes.js';
import { registerModelSchemaRoutes } from './modelSchemaRoutes.js';
import { registerCrawlTimingRoutes } from './crawlTimingRoutes.js';
import { registerOperationsScreenRoutes } from '../operations/operationsScreenRoutes.js';
import { registerViewSettingsRoutes } from '../viewSettings/viewSettingsRoutes.js';
import { registerElasticRoutes } from '../elastic/elasticRoutes.js';
import { registerTrackingRoutes } from '../tracking/trackingRoutes.js';

/**
 * Crawl operations under /api/v1: model schemas, profiles and view settings always; runs, timings
 * and the operations screens' reads when there is a job queue.
 */
export const crawlPlugin: FastifyPluginAsync = async (app) => {
  registerModelSchemaRoutes(app);
  registerViewSettingsRoutes(app);
  registerTrackingRoutes(app);
  if (app.deps.jobs) {
    registerCrawlRunRoutes(app, app.deps.jobs);
    registerCrawlTimingRoutes(app, app.deps.jobs);
    registerOperationsScreenRoutes(app, app.deps.jobs);
    registerElasticRoutes(app, app.deps.jobs);
  }
  await Promise.resolve();
};
