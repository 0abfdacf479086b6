import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { CHANNEL, type BusListener, type InvalidationBus } from './invalidationBus.js';

/**
 * A Redis connection for commands (publish, shared rate-limit counters): with the broker away a
 * command fails at once instead of queueing, so a request never waits on Redis.
 */
export function commandConnection(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  warnOnce(redis, log, 'Redis commands');
  return redis;
}

/** Pub/sub over `commands` (publishing) and a subscriber connection of its own. */
export function openRedisBus(
  url: string,
  commands: Redis,
  instanceId: string,
  listener: BusListener,
  log: FastifyBaseLogger,
  channel: string = CHANNEL,
): InvalidationBus {
  const subscriber = new Redis(url, {
    connectTimeout: 5000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  warnOnce(subscriber, log, 'Redis subscriber');
  let subscribed = false;
  let everSubscribed = false;
  subscriber.on('message', (_channel: string, sender: string) => {
    if (sender !== instanceId) listener.remoteWrite();
  });
  subscriber.on('close', () => (subscribed = false));
  // On every (re)connection: subscribe, and trust the cache only once Redis confirmed it. After
  // a gap, messages may have been missed: that counts as a remote write. With Redis down at
  // start the server still starts, its session cache off until Redis is back.
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        if (everSubscribed) listener.reconnected();
        everSubscribed = subscribed = true;
      },
      () => undefined,
    );
  });
  // Announcements are counted too: Redis runs commands in order, so a call that reads the count
  // after an instance's answer left sees its write, where the pub/sub message (sent after the
  // publisher's reply) may not have arrived yet.
  const counter = `${channel}:count`;
  let seen: number | null = null;
  return {
    kind: 'redis',
    async publish() {
      // Nobody hears a message while Redis is away; their caches are off until it is back.
      if (commands.status !== 'ready') return;
      try {
        const results = await commands.multi().incr(counter).publish(channel, instanceId).exec();
        const count = Number(results?.[0]?.[1]);
        // This instance's own write needs no remote bump; another's in between still does.
        if (seen !== null && count === seen + 1) seen = count;
      } catch (error) {
        log.warn({ err: error }, 'could not tell the other instances about a store write');
      }
    },
    async sync() {
      let count: number;
      try {
        count = Number((await commands.get(counter)) ?? 0);
      } catch {
        // Unknown: this call trusts no cached row.
        listener.remoteWrite();
        return;
      }
      if (seen !== null && count !== seen) listener.remoteWrite();
      seen = count;
    },
    connected: () => subscribed && subscriber.status === 'ready',
    close() {
      subscriber.disconnect();
      return Promise.resolve();
    },
  };
}

/** ioredis retries for ever and emits 'error' each time: log the first of a run only. */
function warnOnce(redis: Redis, log: FastifyBaseLogger, what: string): void {
  let warned = false;
  redis.on('error', (error: Error) => {
    if (!warned) log.warn({ err: error }, `${what}: ${error.message}`);
    warned = true;
  });
  redis.on('ready', () => (warned = false));
}
