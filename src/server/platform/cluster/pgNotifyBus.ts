import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { CHANNEL, type BusListener, type InvalidationBus } from './invalidationBus.js';

const RETRY_MS = 1000;

/**
 * LISTEN/NOTIFY on the PostgreSQL store: one dedicated connection listens and notifies; when it
 * is lost it reconnects every second, and tells the listener so missed messages count as writes.
 */
export async function openPgNotifyBus(
  databaseUrl: string,
  instanceId: string,
  listener: BusListener,
  log: FastifyBaseLogger,
  channel: string = CHANNEL,
): Promise<InvalidationBus> {
  let client: pg.Client | null = null;
  let closed = false;
  let everConnected = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== instanceId) listener.remoteWrite();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      log.warn({ err: error }, 'store LISTEN connection failed; retrying');
      void next.end().catch(() => undefined);
      schedule();
      return;
    }
    if (closed) return void next.end().catch(() => undefined);
    client = next;
    if (everConnected) listener.reconnected();
    everConnected = true;
  };
  const schedule = (): void => {
    if (!closed && !retry) retry = setTimeout(() => ((retry = undefined), void connect()), RETRY_MS).unref();
  };
  const lost = (which: pg.Client): void => {
    if (client === which) client = null;
    schedule();
  };

  // One NOTIFY at a time on the one connection (pg queues a query sent while another runs only
  // until 9.0, with a deprecation warning): a publish waits for the one being sent, and the
  // publishes waiting meanwhile share the next NOTIFY, which tells the others as much as several.
  let sent: Promise<void> = Promise.resolve();
  let pending: Promise<void> | undefined;
  const notify = async (): Promise<void> => {
    pending = undefined;
    const current = client;
    if (!current) return;
    try {
      await current.query('SELECT pg_notify($1, $2)', [channel, instanceId]);
    } catch (error) {
      log.warn({ err: error }, 'could not tell the other instances about a store write');
    }
  };

  await connect();
  return {
    kind: 'postgres',
    publish() {
      if (!pending) {
        sent = sent.then(notify);
        pending = sent;
      }
      return pending;
    },
    connected: () => client !== null,
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
