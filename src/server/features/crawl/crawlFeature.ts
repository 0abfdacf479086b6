import type { FastifyPluginAsync } from 'fastify';
import { queueRoutesOf, routesOf, type ServerFeature } from '../../platform/feature.js';
import { registerCrawlRunRoutes } from './crawlRunRoutes.js';
import { registerModelSchemaRoutes } from './modelSchemaRoutes.js';
import { registerCrawlTimingRoutes } from './crawlTimingRoutes.js';
import { startCrawling } from './startCrawling.js';
import { crawlWallsMigration } from './crawlWallsMigration.js';
import { channelSamplesMigration } from './channelSamplesMigration.js';
import { registerChannelProfileRoutes } from './channelProfileRoutes.js';

const routes: FastifyPluginAsync = async (app) => {
  await app.register(routesOf(registerModelSchemaRoutes, registerChannelProfileRoutes));
  await app.register(queueRoutesOf(registerCrawlRunRoutes, registerCrawlTimingRoutes));
};

/** Crawls: model schemas, runs and timings, and the crawl job (with the demo's fixture market). */
export const crawlFeature: ServerFeature = {
  name: 'crawl',
  routes,
  start: startCrawling,
  migrations: Object.freeze({
    '495_crawl_walls': crawlWallsMigration,
    '550_channel_samples': channelSamplesMigration,
  }),
};
