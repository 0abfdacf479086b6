import type pg from 'pg';

/**
 * A pg client that loses its server (a killed backend, a restart) emits 'error'. pg-pool listens
 * only while the client is idle; a checked-out client, e.g. in the middle of a transaction, has
 * no listener, and Node turns an unheard 'error' into a process crash. This listens for the
 * client's whole life. The failed query still rejects (the request answers a clean 500), the
 * broken client is not queryable any more, so the pool drops it on release, and the next query
 * connects afresh.
 */
export function surviveLostConnections(pool: pg.Pool): pg.Pool {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}
