import type { PgBoss } from 'pg-boss';
import type { Env } from '../settings/env.js';
import type { Store } from '../store/store.js';
import { createQueue } from './createQueue.js';
import { JobEvents } from './jobEvents.js';
import type { JobLog } from './requestTracingBoss.js';

/** The queue and its events, hung on Deps; runners register on it once the app is built. */
export interface Jobs {
  boss: PgBoss;
  events: JobEvents;
  /** Job start/end lines go to `log` (the app's logger), each with the id of the request that sent the job. */
  useLog(log: JobLog): void;
  stop(): Promise<void>;
}

export async function startJobs(env: Env, store: Store): Promise<Jobs> {
  const boss = await createQueue(env, store);
  return {
    boss,
    events: new JobEvents(),
    useLog: (log) => (boss.log = log),
    // Not graceful: a job cut short stays active, its heartbeat stops and the queue retries it.
    stop: () => boss.stop({ graceful: false, close: true }),
  };
}
