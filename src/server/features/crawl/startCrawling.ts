import type { Deps } from '../../platform/deps.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { registerCrawlRunner } from './crawlJob.js';
import { registerCrawlScheduler } from './crawlTimings.js';
import './crawlOutbound.js';
import { configureBrowser } from './browserPool.js';
import { ensureCoverageTable } from './crawlCoverage.js';
import { configureProxySecrets } from './proxyKeyCheck.js';

/**
 * The demo's first-start crawl (demo/crawlMarket.ts): the demo login's group, one web (HTML) and
 * one app (JSON) channel. Named here because readiness waits for it (features/health).
 */
export const FIRST_CRAWL = { groupId: 1, channelIds: [1, 61] } as const;

/** Starts the crawl runner and the scheduler of crawl timings. */
export async function startCrawling(deps: Deps & { jobs: Jobs }): Promise<void> {
  configureBrowser(deps.env.PLAYWRIGHT_CHROMIUM);
  await configureProxySecrets(deps);
  await ensureCoverageTable(deps.warehouse);
  await registerCrawlRunner(deps);
  await registerCrawlScheduler(deps);
}
