import type { Job } from 'pg-boss';
import { checkModelSchema } from '../../../shared/crawl/modelSchemaRules.js';
import {
  failedMessage,
  finishedStatus,
  LIVE_TRACKING_CRAWL,
  PROCESS_STATUS,
  TRIGGER_TYPE,
} from '../../../shared/crawl/crawlVocabulary.js';
import type { Deps } from '../../platform/deps.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import './marketFeed.js';
import { crawlChannelDay } from './crawlChannelDay.js';
import { CrawlRepo, type CrawlRunRow } from './crawlRepo.js';
import { profileLimits } from './profileLimits.js';
import { parseCrawlSettings } from './crawlSettings.js';
import { crawlOutbound } from './crawlOutbound.js';
import { loadCrawlInputs } from './listingContext.js';
import { runLiveCrawl } from './liveCrawl.js';
import { runListingCrawl } from './listingCrawl.js';
import { requeueOrphanedRuns } from './orphanRuns.js';

export const CRAWL_QUEUE = 'crawl';

export interface CrawlJobData {
  runId: number;
}

/** A run (Waiting) and its job: the process monitor's trigger and the demo's first-start crawl. */
export async function enqueueCrawl(
  repo: CrawlRepo,
  jobs: Jobs,
  run: { groupId: number; channelId: number; crawlType: number; date: string; triggerType?: number },
): Promise<CrawlRunRow> {
  const row = await repo.createRun({ ...run, status: PROCESS_STATUS.waiting });
  await jobs.boss.send(CRAWL_QUEUE, { runId: row.id } satisfies CrawlJobData, {
    singletonKey: `crawl-${row.id}`,
  });
  return row;
}

/** Declares the crawl queue and runs its jobs here; one crawl at a time per process. */
export async function registerCrawlRunner(deps: Deps & { jobs: Jobs }): Promise<void> {
  const { boss } = deps.jobs;
  // One retry, for a crawl whose process died (its heartbeat stops and the queue fails the job):
  // a crawl that fails in the ordinary way ends its run Failed here and does not throw.
  await boss.createQueue(CRAWL_QUEUE, { retryLimit: 1, heartbeatSeconds: 10, expireInSeconds: 60 * 60 });
  // A queue keeps the options it was created with: stores made before the retry get it now.
  await boss.updateQueue(CRAWL_QUEUE, { retryLimit: 1 });
  await requeueOrphanedRuns(deps.store.db, boss, CRAWL_QUEUE);
  const repo = new CrawlRepo(deps.store.db);
  await boss.work<CrawlJobData>(
    CRAWL_QUEUE,
    { localConcurrency: 1, pollingIntervalSeconds: 1 },
    async ([job]: Job<CrawlJobData>[]) => {
      const run = await repo.runById(job!.data.runId);
      if (!run) return;
      // In Progress at a retry: the attempt before died with its process. The crawl runs again
      // (its load replaces the day in one transaction, so nothing is doubled), instead of the run
      // staying In Progress for good (and a first start's readiness waiting on it).
      const interrupted = job!.retryCount > 0 && run.status === PROCESS_STATUS.inProgress;
      // Else the run must still be Waiting, and this job takes it in one update: of two jobs of
      // one run (one sent again at a start, requeueOrphanedRuns) only one crawls it.
      if (!interrupted && !(await repo.claimWaiting(run.id))) return;
      try {
        await runCrawl(deps, repo, run);
        deps.jobs.events.emit('load', { groupId: run.group_id, source: 'crawl' });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await repo.updateRun(run.id, {
          status: PROCESS_STATUS.failed,
          message: message.slice(0, 500),
          finished_at: new Date(),
        });
      }
    },
  );
}

/**
 * Runs one crawl: the channel's profile and schema, its tracked pages, the load; the run's status
 * ends Success (every page loaded), Blocked (some pages stayed behind a bot wall), Mismatch (some
 * pages failed), No Data or Failed.
 */
async function runCrawl(deps: Deps, repo: CrawlRepo, run: CrawlRunRow): Promise<void> {
  const { group_id: groupId, channel_id: channelId, crawl_date: date } = run;
  await repo.updateRun(run.id, { status: PROCESS_STATUS.inProgress, started_at: new Date() });
  const profile = await repo.profileOf(groupId, channelId);
  if (!profile) throw new Error('No channel profile for this channel');
  if (run.trigger_type === TRIGGER_TYPE.search || run.trigger_type === TRIGGER_TYPE.display) {
    // A market this server feeds (demo mode) serves the day's listing pages first.
    const feed = deps.marketFeed;
    if (feed && profile.base_url === feed.baseUrl) await feed.feedShelf({ groupId, channelId, date });
    return runListingCrawl(deps.warehouse, repo, run, profile, profileLimits(profile, crawlOutbound(deps)));
  }
  const schemaRow =
    profile.model_schema_id === null ? undefined : await repo.schemaOf(groupId, profile.model_schema_id);
  if (!schemaRow) throw new Error('The channel profile has no model schema');
  const schema = checkModelSchema(schemaRow.schema_json);
  if (!schema.ok) throw new Error(`Model schema ${schemaRow.name}: ${schema.msg}`);
  // A market this server feeds (demo mode) serves the channel's day first.
  const feed = deps.marketFeed;
  if (feed && profile.base_url === feed.baseUrl) await feed.feedDay({ groupId, channelId, date });
  if (run.crawl_type === LIVE_TRACKING_CRAWL)
    return runLiveCrawl(
      deps.warehouse,
      repo,
      run,
      profile,
      profileLimits(profile, crawlOutbound(deps)),
      schema.schema.dataModel,
    );
  // A profile may crawl some of the cities the channel tracks (its `cities`); none named: all.
  const { cities } = parseCrawlSettings(profile.crawl_settings);
  const inputs = (
    await loadCrawlInputs(
      deps.warehouse,
      groupId,
      channelId,
      date,
      profile.base_url,
      profile.url_template,
      await repo.pagesOfEarlierRun(groupId, channelId, date, run.id),
      cities,
    )
  ).filter((input) => cities.length === 0 || cities.includes(input.cityId));
  await repo.updateRun(run.id, { pages_total: inputs.length });
  const summary = await crawlChannelDay({
    wh: deps.warehouse,
    groupId,
    channelId,
    date,
    profile: profileLimits(profile, crawlOutbound(deps)),
    model: schema.schema.dataModel,
    inputs,
  });
  await repo.writePageLog(run.id, groupId, summary.log);
  const counts = { pages: summary.pages, failed: summary.pagesFailed, blocked: summary.pagesBlocked };
  await repo.updateRun(run.id, {
    status: finishedStatus({ ...counts, rowsLoaded: summary.stockRows }),
    pages_ok: summary.pagesOk,
    pages_failed: summary.pagesFailed,
    pages_blocked: summary.pagesBlocked,
    rows_loaded: summary.stockRows + summary.priceRows,
    fetch_ms: summary.fetchMs,
    load_ms: summary.loadMs,
    message: failedMessage(counts),
    finished_at: new Date(),
  });
}
