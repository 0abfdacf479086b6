import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { Deps } from '../../platform/deps.js';
import { PROCESS_STATUS } from '../../../shared/crawl/crawlVocabulary.js';
import { FIRST_CRAWL } from '../crawl/startCrawling.js';
import { readDemoState } from '../../platform/warehouse/demoMarker.js';
import type { CrawlTables } from '../crawl/crawlTables.js';

/** One dependency's state: ok, failing (unreachable, broken) or pending (still being filled). */
export type CheckState = 'ok' | 'failing' | 'pending';

export interface Readiness {
  ready: boolean;
  /** Only names and states: no address, message or error text leaves the process. */
  checks: Record<string, CheckState>;
}

/** A check slower than this counts as failing: a load balancer must not hang on /readyz. */
const CHECK_TIMEOUT_MS = 2000;

async function within(check: () => Promise<CheckState>, timeoutMs: number): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckState>((resolve) => {
    timer = setTimeout(() => resolve('failing'), timeoutMs);
  });
  try {
    return await Promise.race([check().catch((): CheckState => 'failing'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The demo's numbers are final once the tenant's warehouse generation is marked complete and the
 * first-start crawl (demo/crawlMarket.ts: the last day of a web and an app channel, run as background
 * jobs that replace that day) has ended, whatever its outcome. Both live in the shared store and
 * warehouse, so every instance of a cluster answers the same; once final it stays final.
 */
async function demoState(deps: Deps): Promise<CheckState> {
  if ((await readDemoState(deps.warehouse)) !== 'completed') return 'pending';
  if (!deps.env.DEMO_CRAWL_DAY) return 'ok';
  const open = await deps.store.db
    .withTables<CrawlTables>()
    .selectFrom('crawl_runs')
    .select('id')
    .where('group_id', '=', FIRST_CRAWL.groupId)
    .where('channel_id', 'in', [...FIRST_CRAWL.channelIds])
    .where('id', 'in', (q) =>
      q
        .selectFrom('crawl_runs')
        .select((e) => e.fn.min('id').as('id'))
        .where('group_id', '=', FIRST_CRAWL.groupId)
        .groupBy('channel_id'),
    )
    .where('status', 'in', [PROCESS_STATUS.inProgress, PROCESS_STATUS.waiting])
    .executeTakeFirst();
  return open ? 'pending' : 'ok';
}

/**
 * Checks what a request needs: store, warehouse, job queue, Redis when set, config, demo data.
 * A check slower than `timeoutMs` counts as failing.
 */
export function readinessChecker(
  deps: Deps,
  redis: Redis | null,
  timeoutMs = CHECK_TIMEOUT_MS,
): () => Promise<Readiness> {
  let demoFinal = !deps.env.DEMO_DATA;
  const checks: Record<string, () => Promise<CheckState>> = {
    store: async () => (await sql`SELECT 1`.execute(deps.store.db), 'ok'),
    warehouse: async () => (await deps.warehouse.query('SELECT 1'), 'ok'),
    // pg-boss keeps its tables in the store: reachable and migrated is what a job needs.
    jobs: async () => {
      if (!deps.jobs) return 'ok';
      await sql`SELECT 1 FROM pgboss.job LIMIT 1`.execute(deps.store.db);
      return 'ok';
    },
    config: () => Promise.resolve(deps.config.current().endpoints.size > 0 ? 'ok' : 'failing'),
    demo: async () => {
      if (demoFinal) return 'ok';
      const state = await demoState(deps);
      demoFinal = state === 'ok';
      return state;
    },
  };
  if (redis) checks.redis = async () => ((await redis.ping()) === 'PONG' ? 'ok' : 'failing');
  return async () => {
    const names = Object.keys(checks);
    const states = await Promise.all(names.map((name) => within(checks[name]!, timeoutMs)));
    const result = Object.fromEntries(names.map((name, i) => [name, states[i]!]));
    return { ready: states.every((s) => s === 'ok'), checks: result };
  };
}
