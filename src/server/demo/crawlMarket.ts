import type { Deps } from '../platform/deps.js';
import type { FeatureHandle, RunningDeps } from '../platform/feature.js';
import { enqueueCrawl } from '../features/crawl/crawlJob.js';
import { CrawlRepo } from '../features/crawl/crawlRepo.js';
import type { MarketFeed } from '../features/crawl/marketFeed.js';
import { FIRST_CRAWL } from '../features/crawl/startCrawling.js';
import { seedCrawlSetup } from './crawlSetup.js';
import { startFixtureMarket, type FixtureMarket } from './fixtureMarket/startFixtureMarket.js';
import { loadMarketDay } from './fixtureMarket/marketDay.js';
import { loadMarketShelf } from './fixtureMarket/marketShelf.js';

/** Demo groups that get fixture-market profiles (the demo login's group and the isolation tenant). */
const DEMO_GROUP_IDS = [1, 2];

/**
 * Demo mode: starts the loopback fixture marketplace, points the demo groups' channel profiles and
 * schemas at it, and hands the crawl a feed that makes the market serve the generator's day before
 * a crawl reads it. Returns the market to close with the server; null outside demo mode.
 */
export async function startDemoMarket(deps: Deps): Promise<FeatureHandle | null> {
  if (!deps.env.DEMO_DATA) return null;
  const market = await startFixtureMarket({
    seed: deps.env.DEMO_SEED,
    wallPct: deps.env.DEMO_MARKET_WALLS_PCT,
    soft404Pct: deps.env.DEMO_MARKET_SOFT404_PCT,
  });
  // The market listens on loopback, which the outbound policy refuses: this server runs it and
  // crawls it on purpose, so its own host:port (and nothing else on loopback) is let through.
  deps.crawlTrustedHosts = [new URL(market.baseUrl).host];
  deps.marketFeed = feedOf(deps, market);
  const groups = await deps.store.db
    .selectFrom('groups')
    .select('id')
    .where('id', 'in', DEMO_GROUP_IDS)
    .execute();
  for (const g of groups) {
    await seedCrawlSetup(deps.store, g.id, market);
    await publishLatestDays(deps, market, g.id);
  }
  return market;
}

/** The generator's day, published to the market once per channel-day (a crawl then reads it). */
function feedOf(deps: Deps, market: FixtureMarket): MarketFeed {
  return {
    baseUrl: market.baseUrl,
    async feedDay(day) {
      // Only once: after a crawl the warehouse holds what that crawl extracted, not the market's truth.
      if (!market.serves(day))
        market.publish(await loadMarketDay(deps.warehouse, day.groupId, day.channelId, day.date));
    },
    async feedShelf(day) {
      if (!market.showShelf(day))
        market.publishShelf(await loadMarketShelf(deps.warehouse, day.groupId, day.channelId, day.date));
    },
  };
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
 * Runs once the crawl queue exists (the crawl feature's start).
 */
export async function crawlDemoFirstDay(deps: RunningDeps): Promise<void> {
  if (!deps.marketFeed || !deps.env.DEMO_CRAWL_DAY) return;
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
