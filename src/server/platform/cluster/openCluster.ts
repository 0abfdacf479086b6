import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Deps } from '../deps.js';
import type { InvalidationBus } from './invalidationBus.js';
import { ClusterWrites } from './storeWrites.js';
import { commandConnection, openRedisBus } from './redisBus.js';
import { openPgNotifyBus } from './pgNotifyBus.js';

export interface Cluster {
  writes: ClusterWrites;
  /** Commands connection for shared counters (rate limits); null without REDIS_URL. */
  redis: Redis | null;
  bus: InvalidationBus | null;
  close(): Promise<void>;
}

/** How often writes made outside a request (jobs) are published. */
const BACKGROUND_PUBLISH_MS = 250;

/**
 * What several instances share beyond the store: Redis when REDIS_URL is set, else
 * LISTEN/NOTIFY on a PostgreSQL store, else nothing (one instance, embedded store).
 */
export async function openCluster(deps: Deps, log: FastifyBaseLogger): Promise<Cluster> {
  const writes = new ClusterWrites(deps.store.writes);
  const instanceId = randomUUID();
  let redis: Redis | null = null;
  let bus: InvalidationBus | null = null;
  if (deps.env.REDIS_URL) {
    redis = commandConnection(deps.env.REDIS_URL, log);
    bus = openRedisBus(deps.env.REDIS_URL, redis, instanceId, writes, log);
  } else if (deps.store.kind === 'postgres' && deps.env.DATABASE_URL) {
    bus = await openPgNotifyBus(deps.env.DATABASE_URL, instanceId, writes, log);
  }
  if (bus) writes.attach(bus);
  const timer = bus
    ? setInterval(() => void writes.publishPending(), BACKGROUND_PUBLISH_MS).unref()
    : undefined;
  return {
    writes,
    redis,
    bus,
    async close() {
      clearInterval(timer);
      await bus?.close();
      redis?.disconnect();
    },
  };
}
