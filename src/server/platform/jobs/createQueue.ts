import { fromKysely } from 'pg-boss';
import type { Env } from '../settings/env.js';
import type { Store } from '../store/store.js';
import { RequestTracingBoss } from './requestTracingBoss.js';

/**
 * The persistent job queue (pg-boss) over the app store. On PostgreSQL it keeps its own small
 * pool; on PGlite it goes through the store's Kysely driver, whose lock hands the one connection
 * to one user at a time, so its statements never land inside a request's transaction. Without
 * the store's plugins: queue polling is not a write that should drop session caches. Its jobs carry
 * the id of the request that sent them (requestTracingBoss.ts).
 */
export async function createQueue(env: Env, store: Store): Promise<RequestTracingBoss> {
  // The monitor is what fails a job whose heartbeat stopped (a killed server): every 5 s by
  // default, not pg-boss's 60; the kill tests check every second.
  const common = {
    schema: 'pgboss',
    superviseIntervalSeconds: env.JOB_SUPERVISE_SECONDS,
    monitorIntervalSeconds: env.JOB_SUPERVISE_SECONDS,
    migrate: true,
  } as const;
  const boss = env.DATABASE_URL
    ? new RequestTracingBoss({ ...common, connectionString: env.DATABASE_URL, max: 4 })
    : new RequestTracingBoss({ ...common, db: fromKysely(store.db.withoutPlugins()), backend: 'pglite' });
  boss.on('error', (error: unknown) => console.error('job queue:', error));
  await boss.start();
  return boss;
}
