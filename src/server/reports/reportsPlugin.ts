import type { FastifyPluginAsync } from 'fastify';
import { registerReportRoutes } from './reportRoutes.js';

/** Export jobs and report files under /api/v1; absent when the app runs without a job queue. */
export const reportsPlugin: FastifyPluginAsync = async (app) => {
  const jobs = app.deps.jobs;
  if (jobs) registerReportRoutes(app, jobs);
  await Promise.resolve();
};
