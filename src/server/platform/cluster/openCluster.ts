import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Deps } from '../deps.js';
import { CHANNEL, type BusListener, type InvalidationBus } from './invalidationBus.js';
import { shareWarehouseWrites, WAREHOUSE_CHANNEL } from './warehouseWrites.js';
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
  let open: ((listener: BusListener, channel: string) => Promise<InvalidationBus>) | null = null;
  if (deps.env.REDIS_URL) {
    const url = deps.env.REDIS_URL;
    const commands = (redis = commandConnection(url, log));
    open = (listener, channel) =>
      Promise.resolve(openRedisBus(url, commands, instanceId, listener, log, channel));
  } else if (deps.store.kind === 'postgres' && deps.env.DATABASE_URL) {
    const url = deps.env.DATABASE_URL;
    open = (listener, channel) => openPgNotifyBus(url, instanceId, listener, log, channel);
  }
  if (open) bus = await open(writes, CHANNEL);
  // A DuckDB warehouse is one process's file: only a shared PostgreSQL one has other writers.
  const whWrites = deps.warehouse.dialect === 'postgres' ? deps.warehouse.writes : undefined;
  const warehouseBus =
    open && whWrites ? await shareWarehouseWrites(whWrites, (l) => open(l, WAREHOUSE_CHANNEL)) : null;
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
      await warehouseBus?.close();
      redis?.disconnect();
    },
  };
}
