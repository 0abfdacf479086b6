/**
 * A channel between app instances sharing one store: "I wrote to the store, drop what you
 * cached from it". Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY on a
 * PostgreSQL store (docs/scaling.md).
 */
export interface InvalidationBus {
  readonly kind: 'redis' | 'postgres';
  /** Tells the other instances; resolves once the message has left for the broker. */
  publish(): Promise<void>;
  /** False while the bus cannot hear the others: caches of store rows must not be trusted then. */
  connected(): boolean;
  /**
   * Hears every write announced before this call, however late its message: resolves once such a
   * write has moved the listener. Redis only (a counter read in order with the announcements);
   * without it a message may still be on its way when the next call reaches another instance.
   */
  sync?(): Promise<void>;
  close(): Promise<void>;
}

/** What a bus calls: a message from another instance, or a (re)connection after a gap. */
export interface BusListener {
  remoteWrite(): void;
  /** Messages may have been missed while disconnected: treat as a remote write. */
  reconnected(): void;
}

export const CHANNEL = 'shelfscope_store_writes';
