import type { Deps } from '../../platform/deps.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
// eslint-disable-next-line import-x/no-restricted-paths -- a known upward import, listed in docs/architecture.md
import { startFixtureMarket, type FixtureMarket } from '../../demo/fixtureMarket/startFixtureMarket.js';
import { enqueueCrawl, registerCrawlRunner } from './crawlJob.js';
import { seedCrawlSetup } from './seedCrawlSetup.js';
import { registerCrawlScheduler } from './crawlTimings.js';
// eslint-disable-next-line import-x/no-restricted-paths -- a known upward import, listed in docs/architecture.md
import { loadMarketDay } from '../../demo/fixtureMarket/marketDay.js';
import { CrawlRepo } from './crawlRepo.js';
import './crawlOutbound.js';
import { configureBrowser } from './browserPool.js';
import { ensureCoverageTable } from './crawlCoverage.js';
import { configureProxySecrets } from './proxyKeyCheck.js';

/** Demo groups that get fixture-market profiles (the demo login's group and the isolation tenant). */
const DEMO_GROUP_IDS = [1, 2];

/** The demo's first-start crawl: the demo login's group, one web (HTML) and one app (JSON) channel. */
export const FIRST_CRAWL = { groupId: 1, channelIds: [1, 61] } as const;

/**
 * Starts the crawl runner; in demo mode also the loopback fixture marketplace and the demo groups'
 * profiles and schemas that point at it. Returns the market so the server can close it.
 */
export async function startCrawling(deps: Deps & { jobs: Jobs }): Promise<FixtureMarket | null> {
  let market: FixtureMarket | null = null;
  configureBrowser(deps.env.PLAYWRIGHT_CHROMIUM);
  await configureProxySecrets(deps);
  await ensureCoverageTable(deps.warehouse);
  if (deps.env.DEMO_DATA) {
    market = await startFixtureMarket({
      seed: deps.env.DEMO_SEED,
      wallPct: deps.env.DEMO_MARKET_WALLS_PCT,
      soft404Pct: deps.env.DEMO_MARKET_SOFT404_PCT,
    });
    // The market listens on loopback, which the outbound policy refuses: this server runs it and
    // crawls it on purpose, so its own host:port (and nothing else on loopback) is let through.
    deps.crawlTrustedHosts = [new URL(market.baseUrl).host];
    const groups = await deps.store.db
      .selectFrom('groups')
      .select('id')
      .where('id', 'in', DEMO_GROUP_IDS)
      .execute();
    for (const g of groups) {
      await seedCrawlSetup(deps.store, g.id, market);
      await publishLatestDays(deps, market, g.id);
    }
  }
  await registerCrawlRunner(deps, market);
  await registerCrawlScheduler(deps);
  if (market && deps.env.DEMO_CRAWL_DAY) await crawlFirstDay(deps);
  return market;
}

async function lastProductDay(deps: Deps, groupId: number): Promise<string | undefined> {
  const [last] = await deps.warehouse.query<{ d: string }>(
    `SELECT last_crawl_date AS d FROM crawl_log WHERE group_id = $1 AND crawl_type = 'product'`,
    [groupId],
  );
  return last?.d;
}

/**
 * First start: the demo group's last day of a web and an app channel goes through the pipeline
 * (generator -> fixture pages -> crawl -> extraction -> warehouse) as two Default crawl jobs. They
 * run in the background, so the start stays as fast as before; the load replaces the day in one
 * transaction, so the screens never see it half-loaded. A later start (runs exist) does nothing.
 */
async function crawlFirstDay(deps: Deps & { jobs: Jobs }): Promise<void> {
  const { groupId, channelIds } = FIRST_CRAWL;
  const repo = new CrawlRepo(deps.store.db);
  const [anyRun] = await repo.runs(groupId, { limit: 1, offset: 0 });
  if (anyRun) return;
  const date = await lastProductDay(deps, groupId);
  if (!date) return;
  for (const channelId of channelIds) {
    if (await repo.profileOf(groupId, channelId))
      await enqueueCrawl(repo, deps.jobs, { groupId, channelId, crawlType: 0, date });
  }
}

/**
 * The market opens with the latest day of every channel the group's data has, profiled or not: a
 * marketplace added later through the API (docs/crawl.md) finds its site already serving, so its
 * sample pages can be saved and tried before its first crawl.
 */
async function publishLatestDays(deps: Deps, market: FixtureMarket, groupId: number): Promise<void> {
  const last = await lastProductDay(deps, groupId);
  if (!last) return;
  const channels = await deps.warehouse.query<{ channel_id: number }>(
    'SELECT DISTINCT channel_id FROM dim_listing WHERE group_id = $1 ORDER BY channel_id',
    [groupId],
  );
  for (const { channel_id: channelId } of channels)
    market.publish(await loadMarketDay(deps.warehouse, groupId, Number(channelId), last));
}
