import type { Deps } from '../deps.js';
import type { Jobs } from '../jobs/jobs.js';
import { startFixtureMarket, type FixtureMarket } from '../fixtureMarket/startFixtureMarket.js';
import { registerCrawlRunner } from './crawlJob.js';
import { seedCrawlSetup } from './seedCrawlSetup.js';
import { loadMarketDay } from '../fixtureMarket/marketDay.js';
import { CrawlRepo } from './crawlRepo.js';

/** Demo groups that get fixture-market profiles (the demo login's group and the isolation tenant). */
const DEMO_GROUP_IDS = [1, 2];

/**
 * Starts the crawl runner; in demo mode also the loopback fixture marketplace and the demo groups'
 * profiles and schemas that point at it. Returns the market so the server can close it.
 */
export async function startCrawling(deps: Deps & { jobs: Jobs }): Promise<FixtureMarket | null> {
  let market: FixtureMarket | null = null;
  if (deps.env.DEMO_DATA) {
    market = await startFixtureMarket();
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
  return market;
}

/** The market opens with each fixture channel's latest day, so the schema editor's Test has pages. */
async function publishLatestDays(deps: Deps, market: FixtureMarket, groupId: number): Promise<void> {
  const [last] = await deps.warehouse.query<{ d: string }>(
    `SELECT last_crawl_date AS d FROM crawl_log WHERE group_id = $1 AND crawl_type = 'product'`,
    [groupId],
  );
  if (!last) return;
  for (const profile of await new CrawlRepo(deps.store.db).profiles(groupId)) {
    if (profile.base_url === market.baseUrl)
      market.publish(await loadMarketDay(deps.warehouse, groupId, profile.channel_id, last.d));
  }
}
