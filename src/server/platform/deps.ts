import type { Env } from './settings/env.js';
import type { Warehouse } from './warehouse/warehouse.js';
import type { Store } from './store/store.js';
import type { Jobs } from './jobs/jobs.js';

/**
 * What the server's parts share, built once in startServer (or a test) and hung on the Fastify app.
 * Layers above add their own parts by declaration merging (the config registry:
 * language/config/configRegistry.ts), so the platform names none of them.
 */
export interface Deps {
  env: Env;
  store: Store;
  warehouse: Warehouse;
  /** The job queue; absent in tests that build the app without it (no report routes then). */
  jobs?: Jobs;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
