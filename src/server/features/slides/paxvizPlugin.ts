import type { FastifyPluginAsync } from 'fastify';
import { paxvizRoutes } from './paxvizRoutes.js';
import { slideDataRoutes } from './slideDataRoutes.js';

/** Custom slide views (docs/slides.md), under /api/v1/paxviz. */
export const paxvizPlugin: FastifyPluginAsync = async (app) => {
  await app.register(paxvizRoutes);
  await app.register(slideDataRoutes, { prefix: '/slideview/:viewId' });
};
