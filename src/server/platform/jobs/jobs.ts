import type { PgBoss } from 'pg-boss';
import type { Env } from '../settings/env.js';
import type { Store } from '../store/store.js';
import { createQueue } from './createQueue.js';
import { JobEvents } from './jobEvents.js';

/** The queue and its events, hung on Deps; runners register on it once the app is built. */
export interface Jobs {
  boss: PgBoss;
  events: JobEvents;
  stop(): Promise<void>;
}

export async function startJobs(env: Env, store: Store): Promise<Jobs> {
  const boss = await createQueue(env, store);
  return {
    boss,
    events: new JobEvents(),
    // Not graceful: a job cut short stays active, its heartbeat stops and the queue retries it.
    stop: () => boss.stop({ graceful: false, close: true }),
  };
}
