import { queueRoutesOf, routesOf, type ServerFeature } from '../../platform/feature.js';
import { registerReportRoutes } from './reportRoutes.js';
import { registerRawReportRoutes } from './rawReportRoutes.js';
import { registerExportRunner } from './exportJob.js';
import type { FastifyPluginAsync } from 'fastify';

const routes: FastifyPluginAsync = async (app) => {
  await app.register(queueRoutesOf(registerReportRoutes));
  await app.register(routesOf(registerRawReportRoutes));
};

/** Export jobs, the group's report files and raw reports. */
export const reportsFeature: ServerFeature = {
  name: 'reports',
  routes,
  start: registerExportRunner,
};
