import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { registerSliceRoutes } from './sliceRoutes.js';
import { registerUploadRoutes } from './uploadRoutes.js';
import { dropLeftoverStaging } from './stagingTable.js';
import { UploadRepo } from './uploadRepo.js';

export const INTERRUPTED = 'The server stopped during this upload; nothing was loaded.';

/**
 * The upload pipeline's routes (under /api/v1/uploads). On an embedded warehouse this process is
 * the only writer, so what a killed predecessor left is cleaned up here: staging tables dropped,
 * its running uploads marked failed (their swap never committed, so nothing of them is loaded).
 */
export const uploadPlugin: FastifyPluginAsync = async (app) => {
  // Sizes per upload are set when the file is read (request.file limits); these bound the rest.
  await app.register(fastifyMultipart, {
    limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 200 },
  });
  if (app.deps.warehouse.dialect === 'duckdb') {
    await dropLeftoverStaging(app.deps.warehouse);
    await new UploadRepo(app.deps.store.db).failInterrupted(INTERRUPTED);
  }
  registerUploadRoutes(app);
  registerSliceRoutes(app);
};
