import type { Env } from './env.js';
import type { Warehouse } from './warehouse/warehouse.js';
import type { Store } from './store/store.js';
import type { ConfigRegistry } from './config/configRegistry.js';
import type { AuthContext } from './auth/authContext.js';
import type { Jobs } from './jobs/jobs.js';

/** What the server's parts share, built once in main.ts (or a test) and hung on the Fastify app. */
export interface Deps {
  env: Env;
  store: Store;
  warehouse: Warehouse;
  config: ConfigRegistry;
  /** The job queue; absent in tests that build the app without it (no report routes then). */
  jobs?: Jobs;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
