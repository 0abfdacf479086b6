/**
 * One crawl instance of the two-instance bench (renderBench.ts): its own process, its own browser
 * pool, working the shared pg-boss queue one job at a time as the crawl runner does
 * (crawlJob.ts, localConcurrency 1). Each job is a slice of rendered product pages; it prints one
 * line per job, then its browser pool's peak RSS when told to stop.
 */
import { PgBoss } from 'pg-boss';
import { crawlPages } from '../../src/server/features/crawl/crawlPages.js';
import type { CrawlInput, CrawlProfile } from '../../src/server/features/crawl/crawlTypes.js';
import { WEB_PRODUCT_SCHEMA } from '../../src/server/features/crawl/defaultModelSchemas.js';
import { descendantsRss, peakSampler } from './processRss.js';

const [url, queue, profileJson] = [
  process.env.BENCH_PG!,
  process.env.BENCH_QUEUE!,
  process.env.BENCH_PROFILE!,
];
const profile = JSON.parse(profileJson) as CrawlProfile;
const boss = new PgBoss({ connectionString: url });
await boss.start();
// Processes below this one before any job (tsx's esbuild): not the browser pool's.
const before = descendantsRss(process.pid);
const sampler = peakSampler(() => descendantsRss(process.pid));
await boss.work<{ inputs: CrawlInput[] }>(
  queue,
  { localConcurrency: 1, pollingIntervalSeconds: 0.5 },
  async ([job]) => {
    const outcomes = await crawlPages(job!.data.inputs, profile, WEB_PRODUCT_SCHEMA.dataModel);
    process.stdout.write(`job ${outcomes.length} ${outcomes.filter((o) => o.ok).length}\n`);
  },
);
process.stdout.write('ready\n');
process.on('message', () => {
  process.stdout.write(`peak ${sampler.stop() - before}\n`);
  void boss.stop({ graceful: false }).then(() => process.exit(0));
});
