import type { FastifyPluginAsync } from 'fastify';

/** Placeholder: replaced by the access work (sessions, login flow, permissions). */
export const authPlugin: FastifyPluginAsync = async (app) => {
  app.decorateRequest('auth', null);
  await Promise.resolve();
};
