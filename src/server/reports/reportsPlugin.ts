import type { FastifyPluginAsync } from 'fastify';
import { registerReportRoutes } from './reportRoutes.js';
import { registerMailerRoutes } from '../mailers/mailerRoutes.js';

/** Export jobs, report files and report mailers under /api/v1; absent when the app runs without a job queue. */
export const reportsPlugin: FastifyPluginAsync = async (app) => {
  const jobs = app.deps.jobs;
  if (jobs) registerReportRoutes(app, jobs);
  if (jobs) registerMailerRoutes(app, jobs);
  await Promise.resolve();
};
