/**
 * `npm run bench -- --render-only` (also the end of `--crawl-only`): script-rendered product pages
 * (the fixture market's channel 4, whose product block a script builds; headless Chromium through
 * the crawl's browser pool) against plain HTTP pages of a web channel, per instance; then the same
 * rendered pages spread over the pg-boss queue by one and by two crawl instances (separate
 * processes, each with its own browser pool, one job at a time as the crawl runner). Prints
 * pages/s, the browser pool's peak RSS and the load average.
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { PgBoss } from 'pg-boss';
import { createDuckDbWarehouse } from '../../src/server/platform/warehouse/duckdb/duckDbWarehouse.js';
import { generateWarehouse } from '../../src/server/demo/warehouse/generateWarehouse.js';
import { loadMarketDay } from '../../src/server/demo/fixtureMarket/marketDay.js';
import { startFixtureMarket } from '../../src/server/demo/fixtureMarket/startFixtureMarket.js';
import { WEB_PRODUCT_SCHEMA } from '../../src/server/features/crawl/defaultModelSchemas.js';
import { crawlPages } from '../../src/server/features/crawl/crawlPages.js';
import {
  DEFAULT_LIMITS,
  type CrawlInput,
  type CrawlProfile,
} from '../../src/server/features/crawl/crawlTypes.js';
import { loadCrawlInputs } from '../../src/server/features/crawl/listingContext.js';
import {
  fixtureCrawlSettings,
  fixtureProductTemplate,
} from '../../src/server/features/crawl/fixtureProfiles.js';
import { parseCrawlSettings } from '../../src/server/features/crawl/crawlSettings.js';
import { createPgTestDatabase } from '../../src/server/platform/store/testing/pgTestDatabase.js';
import { descendantsRss, mb, peakSampler } from './processRss.js';

const DATE = '2026-03-31';
const PAGES = 40;
const JOB_PAGES = 10;

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

function profileOf(baseUrl: string, channelId: number): CrawlProfile {
  const host = new URL(baseUrl).host;
  return {
    ...DEFAULT_LIMITS,
    responseType: 'HTML',
    allowedHosts: [host],
    concurrency: 8,
    requestsPerSecond: 1_000_000,
    outbound: { allow: [], trustedHosts: [host] },
    settings: parseCrawlSettings(fixtureCrawlSettings(channelId, true)),
  };
}

async function pagesOf(
  wh: Awaited<ReturnType<typeof createDuckDbWarehouse>>,
  market: Awaited<ReturnType<typeof startFixtureMarket>>,
  channelId: number,
): Promise<CrawlInput[]> {
  market.publish(await loadMarketDay(wh, 1, channelId, DATE));
  const all = await loadCrawlInputs(
    wh,
    1,
    channelId,
    DATE,
    market.baseUrl,
    fixtureProductTemplate(channelId, true),
  );
  return all.slice(0, PAGES);
}

/** One instance, in process: pages/s and (rendered) the browser pool's peak RSS. */
async function oneInstance(inputs: CrawlInput[], profile: CrawlProfile, label: string): Promise<void> {
  // Processes below this one before the crawl (tsx's esbuild): not the browser pool's.
  const before = descendantsRss(process.pid);
  const sampler = peakSampler(() => descendantsRss(process.pid));
  const t0 = performance.now();
  const outcomes = await crawlPages(inputs, profile, WEB_PRODUCT_SCHEMA.dataModel);
  const s = (performance.now() - t0) / 1000;
  const peak = sampler.stop() - before;
  const ok = outcomes.filter((o) => o.ok).length;
  console.log(
    `${label}: ${inputs.length} pages (${ok} loaded) in ${s.toFixed(1)} s = ${(inputs.length / s).toFixed(1)} pages/s; ` +
      `browser pool peak memory (PSS) ${mb(peak)}; server process RSS ${mb(process.memoryUsage().rss)}; load ${load()}`,
  );
}

/** The rendered pages as queue jobs worked by `instances` worker processes sharing the queue. */
async function sharedQueue(
  url: string,
  inputs: CrawlInput[],
  profile: CrawlProfile,
  instances: number,
): Promise<void> {
  const queue = `render-bench-${instances}`;
  const boss = new PgBoss({ connectionString: url });
  await boss.start();
  await boss.createQueue(queue, { retryLimit: 0 });
  const workers: ChildProcess[] = [];
  const lines: string[][] = [];
  let done = 0;
  let ready = 0;
  let allDone: () => void = () => {};
  const finished = new Promise<void>((r) => (allDone = r));
  const jobs = Math.ceil(inputs.length / JOB_PAGES);
  for (let i = 0; i < instances; i++) {
    const child = fork(new URL('./renderQueueWorker.ts', import.meta.url).pathname, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BENCH_PG: url, BENCH_QUEUE: queue, BENCH_PROFILE: JSON.stringify(profile) },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    const mine: string[] = [];
    lines.push(mine);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      mine.push(line);
      if (line === 'ready') ready++;
      if (line.startsWith('job ') && ++done === jobs) allDone();
    });
    workers.push(child);
  }
  while (ready < instances) await new Promise((r) => setTimeout(r, 100));
  const t0 = performance.now();
  for (let i = 0; i < inputs.length; i += JOB_PAGES)
    await boss.send(queue, { inputs: inputs.slice(i, i + JOB_PAGES) });
  await finished;
  const s = (performance.now() - t0) / 1000;
  const peaks = await Promise.all(
    workers.map(
      (w, i) =>
        new Promise<number>((resolve) => {
          createInterface({ input: w.stdout! }).on(
            'line',
            (l) => l.startsWith('peak ') && resolve(Number(l.slice(5))),
          );
          w.send('stop');
          void i;
        }),
    ),
  );
  const perInstance = lines.map((l) => l.filter((x) => x.startsWith('job ')).length);
  console.log(
    `Rendered pages, ${instances} instance(s) on one pg-boss queue: ${inputs.length} pages in ${jobs} jobs ` +
      `(jobs per instance ${perInstance.join(' + ')}) in ${s.toFixed(1)} s = ${(inputs.length / s).toFixed(1)} pages/s; ` +
      `browser pool peak memory (PSS) per instance ${peaks.map(mb).join(', ')}; load ${load()}`,
  );
  await boss.stop({ graceful: false });
}

export async function benchRendered(): Promise<void> {
  const wh = await createDuckDbWarehouse(':memory:');
  const market = await startFixtureMarket();
  try {
    await generateWarehouse(wh, {
      seed: 42,
      groups: [{ groupId: 1, name: 'Demo Brands' }],
      skusPerGroup: 120,
      days: 2,
      endDate: DATE,
    });
    console.log(`Rendered product pages (cores ${os.cpus().length}, load ${load()} before)`);
    const plain = await pagesOf(wh, market, 1);
    await oneInstance(plain, profileOf(market.baseUrl, 1), 'Plain HTTP (channel 1, web), 1 instance');
    const rendered = await pagesOf(wh, market, 4);
    await oneInstance(rendered, profileOf(market.baseUrl, 4), 'Rendered (channel 4, Chromium), 1 instance');
    const db = await createPgTestDatabase('ss_bench_queue');
    try {
      await sharedQueue(db.url, rendered, profileOf(market.baseUrl, 4), 1);
      await sharedQueue(db.url, rendered, profileOf(market.baseUrl, 4), 2);
    } finally {
      await db.drop();
    }
  } finally {
    await market.close();
    await wh.close();
  }
}
