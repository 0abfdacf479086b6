import type { Job } from 'pg-boss';
import type { Kysely, Selectable } from 'kysely';
import { CronExpressionParser } from 'cron-parser';
import type { Deps } from '../../platform/deps.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import type { CrawlTables } from './crawlTables.js';
import { CrawlRepo } from './crawlRepo.js';
import { enqueueCrawl } from './crawlJob.js';

/** pg-boss sends one job per occurrence of an Active timing's cron (once across instances). */
export const CRAWL_SCHEDULE_QUEUE = 'crawl-schedule';

export type CrawlTimingRow = Selectable<CrawlTables['crawl_timings']>;
interface ScheduleJobData {
  timingId: number;
}

const keyOf = (id: number) => `crawl-timing-${id}`;

/** A cron expression pg-boss and cron-parser both accept (five fields, minutes first); else a reason. */
export function cronProblem(cron: string, timeZone: string): string | null {
  if (cron.trim().split(/\s+/).length !== 5)
    return 'Cron must have five fields (minute hour day month weekday).';
  try {
    CronExpressionParser.parse(cron, { tz: timeZone });
    return null;
  } catch {
    return 'Cron or time zone is not valid.';
  }
}

export function timingsDb(db: Kysely<StoreDatabase>): Kysely<CrawlTables> {
  return db.withTables<CrawlTables>();
}

/** Puts the timing's pg-boss schedule in line with its row: Active has one, In-Active none. */
export async function syncCrawlSchedule(jobs: Jobs, timing: CrawlTimingRow): Promise<void> {
  if (timing.status === 'Active')
    await jobs.boss.schedule(
      CRAWL_SCHEDULE_QUEUE,
      timing.cron,
      { timingId: timing.id } satisfies ScheduleJobData,
      { tz: timing.time_zone, key: keyOf(timing.id) },
    );
  else await jobs.boss.unschedule(CRAWL_SCHEDULE_QUEUE, keyOf(timing.id));
}

export async function dropCrawlSchedule(jobs: Jobs, id: number): Promise<void> {
  await jobs.boss.unschedule(CRAWL_SCHEDULE_QUEUE, keyOf(id));
}

/**
 * An occurrence of a schedule: a crawl run of the timing's type (4 Scheduled, 5 Live Tracking) of
 * its channel for the group's last crawled day, through the same crawl queue as a triggered one.
 */
export async function runScheduledCrawl(
  deps: Deps & { jobs: Jobs },
  timingId: number,
): Promise<number | null> {
  const db = timingsDb(deps.store.db);
  const timing = await db
    .selectFrom('crawl_timings')
    .selectAll()
    .where('id', '=', timingId)
    .executeTakeFirst();
  if (!timing || timing.status !== 'Active') return null;
  const repo = new CrawlRepo(deps.store.db);
  if (!(await repo.profileOf(timing.group_id, timing.channel_id))) return null;
  const [last] = await deps.warehouse.query<{ d: string }>(
    `SELECT last_crawl_date AS d FROM crawl_log WHERE group_id = $1 AND crawl_type = 'product'`,
    [timing.group_id],
  );
  const run = await enqueueCrawl(repo, deps.jobs, {
    groupId: timing.group_id,
    channelId: timing.channel_id,
    crawlType: timing.crawl_type,
    date: last?.d ?? new Date().toISOString().slice(0, 10),
  });
  await db.updateTable('crawl_timings').set({ last_run_id: run.id }).where('id', '=', timing.id).execute();
  return run.id;
}

export async function registerCrawlScheduler(deps: Deps & { jobs: Jobs }): Promise<void> {
  const { boss } = deps.jobs;
  await boss.createQueue(CRAWL_SCHEDULE_QUEUE, { retryLimit: 0, expireInSeconds: 5 * 60 });
  await boss.work<ScheduleJobData>(
    CRAWL_SCHEDULE_QUEUE,
    { pollingIntervalSeconds: 5 },
    async ([job]: Job<ScheduleJobData>[]) => {
      await runScheduledCrawl(deps, job!.data.timingId);
    },
  );
}
