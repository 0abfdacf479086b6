import type { FastifyPluginAsync } from 'fastify';
import { registerReportRoutes } from './reportRoutes.js';
import { registerMailerRoutes } from '../mailers/mailerRoutes.js';
import { registerRawReportRoutes } from './rawReportRoutes.js';
import { registerAlertRoutes } from '../alerts/alertRoutes.js';

/** Export jobs, report files, raw reports, report mailers and alerts under /api/v1; absent when the app runs without a job queue. */
export const reportsPlugin: FastifyPluginAsync = async (app) => {
  const jobs = app.deps.jobs;
  if (jobs) registerReportRoutes(app, jobs);
  if (jobs) registerMailerRoutes(app, jobs);
  registerRawReportRoutes(app);
  registerAlertRoutes(app);
  await Promise.resolve();
};
