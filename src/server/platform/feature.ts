import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Migration } from 'kysely';
import type { Deps } from '../platform/deps.js';
import type { Jobs } from '../platform/jobs/jobs.js';
import { ServiceUnavailableError } from '../../shared/errors.js';

/** What a started feature hands back, closed when the server stops. */
export interface FeatureHandle {
  close(): Promise<void>;
}

/** The parts every started feature may use: the server's deps with its job queue. */
export type RunningDeps = Deps & { jobs: Jobs };

/**
 * One product capability as the server sees it: its routes, its background work and the store
 * tables it owns. The feature list (./index.ts) registers every feature; nothing else wires one.
 */
export interface ServerFeature {
  /** Unique among features; the list refuses a duplicate. */
  name: string;
  /** Routes mounted under /api/v1 (and under `prefix` below that). */
  routes?: FastifyPluginAsync;
  prefix?: string;
  /** Routes outside /api (probes, metrics): no session, mounted before the API. */
  rootRoutes?: FastifyPluginAsync;
  /** Store migrations by name: names from every feature sort into one order and run once each. */
  migrations?: Record<string, Migration>;
  /** Job runners and background work, started once the store, warehouse and queue are up. */
  start?(deps: RunningDeps): Promise<FeatureHandle | null | void>;
}

/** Routes from `register(app)` functions, as one plugin. */
export function routesOf(...registers: ((app: FastifyInstance) => void)[]): FastifyPluginAsync {
  return async (app) => {
    for (const register of registers) register(app);
    await Promise.resolve();
  };
}

/**
 * An app built without a job queue (the access tests' harness): routes that need one are still
 * registered, so the OpenAPI document, its contract and the isolation matrix list every route
 * whatever the build; a call that reaches the queue answers 503.
 */
const NO_QUEUE: Jobs = {
  get boss(): never {
    throw new ServiceUnavailableError('The job queue is not running');
  },
  get events(): never {
    throw new ServiceUnavailableError('The job queue is not running');
  },
  useLog: () => undefined,
  stop: () => Promise.resolve(),
};

/** Routes that use the job queue (NO_QUEUE above when the app has none). */
export function queueRoutesOf(
  ...registers: ((app: FastifyInstance, jobs: Jobs) => void)[]
): FastifyPluginAsync {
  return async (app) => {
    const jobs = app.deps.jobs ?? NO_QUEUE;
    for (const register of registers) register(app, jobs);
    await Promise.resolve();
  };
}
