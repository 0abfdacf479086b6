/**
 * The operations screens: the demo's first-start crawl (its last web and app day comes
 * through the pipeline and equals the generator's truth), the store-backed grids of the process
 * monitor and tracking screens, one group never seeing another's, and roles without the new
 * activities refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer.js';
import { signInDemoRivalAnalyst } from './support/signIn.js';
import type { ApiClient } from './support/apiClient.js';
import { createDuckDbWarehouse } from '../../src/server/platform/warehouse/duckdb/duckDbWarehouse.js';
import { generateWarehouse } from '../../src/server/demo/warehouse/generateWarehouse.js';
import { todayIso } from '../../src/server/demo/warehouse/calendar.js';
import { DEMO_GROUPS } from '../../src/server/demo/bootstrap.js';
import { factDay, maskSwings, swingShare } from '../../src/server/features/crawl/crawlTruth.js';
import { FIRST_CRAWL } from '../../src/server/features/crawl/startCrawling.js';

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;
let analyst: ApiClient;

interface RunRow {
  id: number;
  group_id: number;
  channel_id: number;
  crawl_type: number;
  crawl_date: string;
  status: number;
  status_name: string;
  pages_total: number;
  pages_ok: number;
}
interface Page<T> {
  rows: T[];
  total: number;
}

const RUNS = 'rows/processmonitor/process_status/crawlRun';

beforeAll(async () => {
  server = await startTestServer({ DEMO_CRAWL_DAY: 'true' });
  [demo, rival, analyst] = await signInDemoRivalAnalyst(server);
}, 300_000);

afterAll(() => server?.close());

/** The first-start runs once none is Waiting or In Progress any more. */
async function firstStartRuns(): Promise<RunRow[]> {
  for (let i = 0; i < 1200; i++) {
    const { rows } = (await demo.get<Page<RunRow>>(RUNS, { limit: 50 })).body.data!;
    const first = rows.filter((r) => r.crawl_type === 0);
    if (first.length === FIRST_CRAWL.channelIds.length && first.every((r) => ![1, 5].includes(r.status)))
      return first;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the first-start crawl did not finish');
}

describe('the first start', () => {
  it('crawls the last day of a web and an app channel, equal to the generator truth field by field', async () => {
    const runs = await firstStartRuns();
    expect(runs.map((r) => [r.channel_id, r.status_name]).sort()).toEqual([
      [1, 'Success'],
      [61, 'Success'],
    ]);
    // The generator is deterministic: the same options in memory give the day the market served.
    const truth = await createDuckDbWarehouse(':memory:');
    try {
      await generateWarehouse(truth, {
        seed: server.env.DEMO_SEED,
        groups: [...DEMO_GROUPS],
        skusPerGroup: server.env.DEMO_SKUS,
        days: server.env.DEMO_DAYS,
        endDate: todayIso(),
      });
      const crawled = server.server.app.deps.warehouse;
      for (const run of runs) {
        const key = { groupId: 1, channelId: run.channel_id, date: run.crawl_date };
        const truthStock = await factDay(truth, 'fact_stock', key);
        expect(truthStock.length).toBe(run.pages_total);
        expect(await factDay(crawled, 'fact_stock', key)).toEqual(truthStock);
        const truthPrice = await factDay(truth, 'fact_price', key);
        const crawledPrice = await factDay(crawled, 'fact_price', key);
        expect(maskSwings(truthPrice, crawledPrice)).toEqual(maskSwings(truthPrice, truthPrice));
        expect(swingShare(truthPrice)).toBeLessThan(0.02);
      }
    } finally {
      await truth.close();
    }
  }, 180_000);
});

describe('the operations grids', () => {
  it('page the group runs, page logs, schemas and profiles, newest run first', async () => {
    const runs = (await demo.get<Page<RunRow>>(RUNS, { limit: 1 })).body.data!;
    expect(runs.total).toBeGreaterThanOrEqual(2);
    expect(runs.rows).toHaveLength(1);
    const all = (await demo.get<Page<RunRow>>(RUNS, { limit: 50 })).body.data!.rows;
    expect(runs.rows[0]!.id).toBe(Math.max(...all.map((r) => r.id)));
    const sorted = (await demo.get<Page<RunRow>>(RUNS, { order_by: 'channel_id', order_type: 'asc' })).body
      .data!.rows;
    expect(sorted.map((r) => r.channel_id)).toEqual(
      [...sorted.map((r) => r.channel_id)].sort((a, b) => a - b),
    );

    const pages = await demo.get<Page<{ run_id: number; url: string; outcome: string }>>(
      'rows/processmonitor/initiate_crawling_logs/crawlPage',
      { limit: 5 },
    );
    expect(pages.body.data!.total).toBe(all.reduce((n, r) => n + r.pages_total, 0));
    expect(pages.body.data!.rows[0]!.outcome).toBe('Loaded');

    const schemas = await demo.get<Page<{ name: string; fields: number; edit_url: string }>>(
      'rows/tracking/modelSchemas/modelSchema',
    );
    expect(schemas.body.data!.rows.map((s) => s.name)).toEqual([
      'Product page (web)',
      'Product answer (app)',
      'Listing page (web)',
      'Listing answer (app)',
      'Bestseller page (web)',
      'Bestseller answer (app)',
    ]);
    expect(schemas.body.data!.rows[0]!.fields).toBeGreaterThan(3);
    expect(schemas.body.data!.rows[0]!.edit_url).toMatch(/^\/workspace\/tracking\/modelSchema\/edit\/\d+$/);
    const profiles = await demo.get<Page<Record<string, unknown>>>(
      'rows/tracking/channelProfile/channelProfile',
    );
    expect(profiles.body.data!.total).toBe(5);
    expect(profiles.body.data!.rows[0]).not.toHaveProperty('sample_page');
    // Each profile names its model schema (one of the schemas above), never by its id alone.
    const schemaNames = schemas.body.data!.rows.map((r) => r.name);
    for (const p of profiles.body.data!.rows)
      if (p.model_schema_id != null) expect(schemaNames).toContain(p.model_schema_name);
    expect(profiles.body.data!.rows.some((p) => p.model_schema_id != null)).toBe(true);

    const unknown = await demo.get(RUNS, { order_by: 'url' });
    expect(unknown.status).toBe(400);
  });

  it("keep group 1's runs, logs and schemas from group 2", async () => {
    const mine = (await demo.get<Page<RunRow>>(RUNS, { limit: 50 })).body.data!.rows;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.group_id === 1)).toBe(true);
    const theirs = (await rival.get<Page<RunRow>>(RUNS, { limit: 50 })).body.data!;
    expect(theirs.rows.every((r) => r.group_id === 2)).toBe(true);
    expect(theirs.rows.map((r) => r.id)).not.toContain(mine[0]!.id);
    const theirPages = (
      await rival.get<Page<{ group_id: number }>>('rows/processmonitor/initiate_crawling_logs/crawlPage')
    ).body.data!;
    expect(theirPages.total).toBe(0);
    const ourSchemas = (await demo.get<Page<{ id: number }>>('rows/tracking/modelSchemas/modelSchema')).body
      .data!.rows;
    const theirSchemas = (
      await rival.get<Page<{ id: number; group_id: number }>>('rows/tracking/modelSchemas/modelSchema')
    ).body.data!.rows;
    expect(theirSchemas.length).toBe(6); // product, listing and bestseller pages, web and app
    expect(theirSchemas.every((s) => s.group_id === 2)).toBe(true);
    expect(theirSchemas.map((s) => s.id)).not.toContain(ourSchemas[0]!.id);
    // Group 2's admin cannot read a group 1 run's log nor test on its schema through the routes.
    const log = await rival.get('processmonitor/crawl/logs', { run_id: mine[0]!.id });
    expect(log.status).toBe(404);
  });

  it('refuse roles without the operations activities (403) and anonymous callers (401)', async () => {
    for (const path of [
      RUNS,
      'rows/processmonitor/crawl/crawlRun',
      'rows/processmonitor/initiate_crawling_logs/crawlPage',
      'rows/tracking/modelSchemas/modelSchema',
      'rows/tracking/channelProfile/channelProfile',
      'modelschemas/list',
      'processmonitor/process_status',
      'rows/settings/crawltimings/crawlTiming',
      'crawl/timings',
    ])
      expect([path, (await analyst.get(path)).status]).toEqual([path, 403]);
    const trigger = await analyst.post('processmonitor/crawl/trigger', { channel_id: 1, crawl_type: 3 });
    expect(trigger.status).toBe(403);
    const menu = (await analyst.get<{ activityList: string[] }>('user/menu')).body.data!.activityList;
    expect(menu).toContain('stock/kpi');
    expect(menu.filter((a) => /^(processmonitor|tracking)\//.test(a))).toEqual([]);
    const admin = (await demo.get<{ activityList: string[] }>('user/menu')).body.data!.activityList;
    expect(admin).toEqual(expect.arrayContaining(['processmonitor/process_status', 'tracking/modelSchemas']));
    const anonymous = await fetch(`${server.url}/api/v1/${RUNS}`);
    expect(anonymous.status).toBe(401);
  });
});

describe('crawl timings (settings/crawltimings)', () => {
  it('schedule a channel as pg-boss cron, start a Scheduled crawl, pause, delete; refuse bad input and other groups', async () => {
    const bad = await demo.post('crawl/timings', { channel_id: 61, cron: '99 * * * *' });
    expect([bad.status, bad.body.msg]).toEqual([400, 'Cron or time zone is not valid.']);
    const short = await demo.post('crawl/timings', { channel_id: 61, cron: '* *' });
    expect(short.body.msg).toBe('Cron must have five fields (minute hour day month weekday).');
    const unprofiled = await demo.post('crawl/timings', { channel_id: 999, cron: '0 6 * * *' });
    expect(unprofiled.body.msg).toBe('No channel profile for this channel');
    const boss = server.server.app.deps.jobs!.boss;
    expect(await boss.getSchedules('crawl-schedule')).toEqual([]);

    const made = await demo.post<{ id: number }>('crawl/timings', { channel_id: 61, cron: '30  6 * * *' });
    expect([made.status, made.body.msg]).toEqual([200, 'Crawl Timing Added Successfully']);
    const id = made.body.data!.id;
    const again = await demo.post('crawl/timings', { channel_id: 61, cron: '30 6 * * *' });
    expect(again.body.msg).toBe('This channel already has this crawl timing.');
    const [schedule] = await boss.getSchedules('crawl-schedule');
    expect([schedule?.cron, schedule?.timezone, schedule?.data]).toEqual([
      '30 6 * * *',
      'Asia/Kolkata',
      { timingId: id },
    ]);
    const grid = (
      await demo.get<Page<{ id: number; status: string }>>('rows/settings/crawltimings/crawlTiming')
    ).body.data!;
    expect(grid.rows.map((r) => [r.id, r.status])).toEqual([[id, 'Active']]);

    // What the cron's job does, started at once: a Scheduled (4) run through the crawl queue.
    const started = await demo.post<{ run_id: number }>('crawl/timings/run', { id });
    expect(started.body.msg).toBe('Crawl initiated');
    let run: RunRow | undefined;
    for (let i = 0; i < 1200 && ![2, 0, 3, 4].includes(run?.status ?? -1); i++) {
      await new Promise((r) => setTimeout(r, 100));
      run = (await demo.get<Page<RunRow>>(RUNS, { limit: 5 })).body.data!.rows.find(
        (r) => r.id === started.body.data!.run_id,
      );
    }
    expect([run?.crawl_type, run?.channel_id, run?.status_name]).toEqual([4, 61, 'Success']);

    expect((await rival.post('crawl/timings/status', { id })).status).toBe(404);
    expect((await rival.get<Page<unknown>>('rows/settings/crawltimings/crawlTiming')).body.data!.total).toBe(
      0,
    );
    expect((await analyst.post('crawl/timings/run', { id })).status).toBe(403);

    const paused = await demo.post<{ status: string }>('crawl/timings/status', { id });
    expect(paused.body.data!.status).toBe('In-Active');
    expect(await boss.getSchedules('crawl-schedule')).toEqual([]);
    expect((await demo.post('crawl/timings/run', { id })).status).toBe(400);
    await demo.post('crawl/timings/status', { id });
    expect(await boss.getSchedules('crawl-schedule')).toHaveLength(1);
    const deleted = await demo.post('crawl/timings/delete', { id });
    expect(deleted.body.msg).toBe('Crawl Timing Deleted Successfully');
    expect(await boss.getSchedules('crawl-schedule')).toEqual([]);
    expect((await demo.get<unknown[]>('crawl/timings')).body.data).toEqual([]);
  }, 180_000);
});
