import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../settings/env.js';
import type { Store } from '../store/store.js';
import type { InvalidationBus } from './invalidationBus.js';
import { commandConnection, openRedisBus } from './redisBus.js';
import { openPgNotifyBus } from './pgNotifyBus.js';

/** Its own channel: a config save makes the others re-read the stored config, not every cache. */
export const CONFIG_CHANNEL = 'shelfscope_config_changed';

export interface ConfigChannel {
  /** Tells the other instances that the stored config changed; resolves once sent. */
  publish(): Promise<void>;
  close(): Promise<void>;
}

/**
 * "The stored config changed" between instances (docs/config-storage.md): Redis pub/sub when
 * REDIS_URL is set, else LISTEN/NOTIFY on a PostgreSQL store, else nothing (one instance). After a
 * gap in the connection, messages may have been missed, so a reconnection counts as a change.
 */
export async function openConfigChannel(
  env: Env,
  store: Store,
  changed: () => void,
  log: FastifyBaseLogger,
): Promise<ConfigChannel> {
  const instanceId = randomUUID();
  const listener = { remoteWrite: changed, reconnected: changed };
  let bus: InvalidationBus | null = null;
  let close = () => Promise.resolve();
  if (env.REDIS_URL) {
    const commands = commandConnection(env.REDIS_URL, log);
    bus = openRedisBus(env.REDIS_URL, commands, instanceId, listener, log, CONFIG_CHANNEL);
    close = async () => {
      await bus?.close();
      commands.disconnect();
    };
  } else if (store.kind === 'postgres' && env.DATABASE_URL) {
    bus = await openPgNotifyBus(env.DATABASE_URL, instanceId, listener, log, CONFIG_CHANNEL);
    close = () => bus!.close();
  }
  return { publish: () => bus?.publish() ?? Promise.resolve(), close };
}
