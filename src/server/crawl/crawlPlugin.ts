import type { FastifyPluginAsync } from 'fastify';
import { registerCrawlRunRoutes } from './crawlRunRoutes.js';
import { registerModelSchemaRoutes } from './modelSchemaRoutes.js';
import { registerCrawlTimingRoutes } from './crawlTimingRoutes.js';
import { registerOperationsScreenRoutes } from '../operations/operationsScreenRoutes.js';

/** Crawl operations under /api/v1: model schemas and profiles always, runs when there is a job queue. */
export const crawlPlugin: FastifyPluginAsync = async (app) => {
  registerModelSchemaRoutes(app);
  if (app.deps.jobs) {
    registerCrawlRunRoutes(app, app.deps.jobs);
    registerCrawlTimingRoutes(app, app.deps.jobs);
    registerOperationsScreenRoutes(app, app.deps.jobs);
  }
  await Promise.resolve();
};
