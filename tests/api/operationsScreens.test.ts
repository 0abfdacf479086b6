/**
 * The operations screens over the crawl tables and the pg-boss queue: Queue Status
 * (counts, purge), Crawl Status KPI, Input Analysis and Channel Tracking Status. Every figure is
 * the caller's group's; a role without the screen gets 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { GridWidget, ScreenConfig } from '../../src/shared/config.gen.js';
import { startTestServer, type TestServer } from './support/testServer.js';
import { signInDemoRivalAnalyst } from './support/signIn.js';
import type { ApiClient } from './support/apiClient.js';
import { CRAWL_QUEUE } from '../../src/server/features/crawl/crawlJob.js';
import { EXPORT_QUEUE } from '../../src/server/features/reports/exportJob.js';
import { ELASTIC_QUEUE } from '../../src/server/features/suggestionIndex/elasticJob.js';

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;
let analyst: ApiClient;

interface Rows<T> {
  rows: T[];
  total: number;
}
interface Run {
  id: number;
  status: number;
  status_name: string;
  crawl_date: string;
  pages_total: number;
  pages_ok: number;
  rows_loaded: number;
  message: string;
}
type Row = Record<string, unknown>;

const QUEUE = 'processmonitor/queue_status/rows';
const KPI = 'crawl_status/kpi/rows';
const KPI_TILES = 'crawl_status/kpi/summary';
const INPUTS = 'changehistory/input_analysis/rows';
const TRACKING = 'settings/channeltrackingstatus/rows';

beforeAll(async () => {
  server = await startTestServer();
  [demo, rival, analyst] = await signInDemoRivalAnalyst(server);
}, 300_000);

afterAll(() => server?.close());

async function runOf(client: ApiClient, id: number): Promise<Run> {
  const runs = (await client.get<Run[]>('processmonitor/process_status', { limit: 50 })).body.data!;
  return runs.find((r) => r.id === id)!;
}

async function crawl(channelId: number): Promise<Run> {
  const { id } = (await demo.post<Run>('processmonitor/crawl/trigger', { channel_id: channelId })).body.data!;
  for (let i = 0; i < 1200; i++) {
    const run = await runOf(demo, id);
    if (![1, 5].includes(run.status)) return run;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('crawl did not finish');
}

const rowsOf = async (client: ApiClient, path: string) => (await client.get<Rows<Row>>(path)).body.data!;

describe('crawl figures of the group', () => {
  it('Crawl Status KPI, Input Analysis and Channel Tracking Status follow the runs and schedules', async () => {
    const first = await crawl(61);
    const second = await crawl(61);
    expect([first.status_name, second.status_name]).toEqual(['Success', 'Success']);
    const timing = await demo.post('crawl/timings', { channel_id: 61, cron: '30 6 * * *' });
    expect(timing.body.msg).toBe('Crawl Timing Added Successfully');

    const kpi = (await rowsOf(demo, KPI)).rows;
    expect(kpi.map((r) => [r.channel_id, r.runs, r.success, r.failed, r.success_rate])).toEqual([
      [61, 2, 2, 0, 100],
    ]);
    expect(kpi[0]).toMatchObject({
      channel_name: 'Blinkit',
      pages: first.pages_total + second.pages_total,
      page_failure_rate: 0,
      rows_loaded: first.rows_loaded + second.rows_loaded,
    });
    expect(kpi[0]!.avg_seconds).toBeGreaterThan(0);
    const [tiles] = (await rowsOf(demo, KPI_TILES)).rows;
    expect(tiles).toMatchObject({ id: 'total', channel_name: 'Total (30 days)', runs: 2, success_rate: 100 });

    const inputs = await rowsOf(demo, INPUTS);
    expect(inputs.total).toBe(1);
    expect(inputs.rows[0]).toMatchObject({
      id: second.id,
      channel_id: 61,
      crawl_date: second.crawl_date,
      runs: 2,
      inputs: second.pages_total,
      crawled: second.pages_ok,
      missing: 0,
      coverage: 100,
      status_name: 'Success',
    });

    const tracking = (await rowsOf(demo, TRACKING)).rows;
    expect(tracking.map((r) => [r.channel_id, r.tracking])).toEqual([
      [1, 'Manual'],
      [4, 'Manual'],
      [49, 'Manual'],
      [61, 'Tracked'],
      [62, 'Manual'],
    ]);
    expect(tracking.find((r) => r.channel_id === 61)).toMatchObject({
      schema_name: 'Product answer (app)',
      schedules: '30 6 * * *',
      last_run_id: second.id,
      last_status: 2,
      tracked_pages: second.pages_total,
    });

    // Group 2 has crawled nothing: none of group 1's runs or schedules shows there.
    expect((await rowsOf(rival, KPI)).rows).toEqual([]);
    expect((await rowsOf(rival, KPI_TILES)).rows).toMatchObject([{ runs: 0, pages: 0, success_rate: null }]);
    expect((await rowsOf(rival, INPUTS)).total).toBe(0);
    const theirs = (await rowsOf(rival, TRACKING)).rows;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((r) => r.last_run_id === null && r.tracking === 'Manual')).toBe(true);
  }, 180_000);

  // After the runs and the timing above: every grid of the operations areas, read as the browser
  // reads it, shows channels, cities, crawl types and statuses as words. A status column with a
  // vocabulary turns its code into the spec's name (1 In Progress ...) in the grid: only those
  // may carry a number.
  it('every operations grid shows channels, cities, crawl types and statuses by name, never a code', async () => {
    // HTTP status codes are what they are (200, 404): the Pages grid shows them as such.
    const named = /^(?!http_).*(channel|city|crawl_type|status|state)/i;
    let checked = 0;
    for (const area of ['processmonitor', 'settings', 'crawl_status', 'changehistory']) {
      for (const file of readdirSync(`screens/${area}`).filter((f) => f.endsWith('.screen.json'))) {
        const screen = JSON.parse(readFileSync(`screens/${area}/${file}`, 'utf8')) as ScreenConfig;
        for (const grid of screen.widgets.filter((w): w is GridWidget => w.kind === 'grid')) {
          const id = file.replace('.screen.json', '');
          const path = grid.rows?.endpoint ?? (grid.rows?.entity && `rows/${area}/${id}/${grid.rows.entity}`);
          if (!path) continue;
          const answer = await demo.get<Rows<Row>>(path, { limit: 50, offset: 0 });
          expect(answer.status, path).toBe(200);
          for (const column of grid.columns.filter(
            (c) => named.test(c.field) || named.test(c.header ?? ''),
          )) {
            if (column.kind === 'status' && 'vocabulary' in column && column.vocabulary) continue;
            for (const row of answer.body.data!.rows) {
              const value = row[column.field];
              if (value === null || value === undefined) continue;
              checked++;
              expect(typeof value, `${path} ${column.field}`).toBe('string');
              expect(value as string, `${path} ${column.field}`).not.toMatch(/^\d+$|^Channel \d+$/);
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    // The two grids that showed codes: runs and timings name channel 61 and crawl type 4.
    const runs = await rowsOf(demo, 'rows/processmonitor/process_status/crawlRun');
    expect(runs.rows.filter((r) => r.channel_id === 61).map((r) => r.channel_name)).toContain('Blinkit');
    const timings = await rowsOf(demo, 'rows/settings/crawltimings/crawlTiming');
    expect(timings.rows.find((r) => r.cron === '30 6 * * *')).toMatchObject({
      channel_name: 'Blinkit',
      crawl_type_name: 'Scheduled',
    });
  }, 60_000);
});

describe('process status filters', () => {
  it('narrow the runs by status and by the delay window (30/60/90/120 minutes); other values are a 400', async () => {
    const RUNS = 'rows/processmonitor/process_status/crawlRun';
    const all = (await demo.get<Rows<Run>>(RUNS, { limit: 50 })).body.data!;
    expect(all.total).toBe(2);
    expect((await demo.get<Rows<Run>>(RUNS, { status: 2 })).body.data!.total).toBe(2);
    expect((await demo.get<Rows<Run>>(RUNS, { status: 0 })).body.data!.total).toBe(0);
    expect((await demo.get<Rows<Run>>(RUNS, { delay: 30 })).body.data!.total).toBe(2);
    // An older run leaves the 120-minute window the screen opens with.
    const older = all.rows.at(-1)!.id;
    await sql`UPDATE crawl_runs SET created_at = now() - interval '3 hours' WHERE id = ${older}`.execute(
      server.server.app.deps.store.db,
    );
    const recent = (await demo.get<Rows<Run>>(RUNS, { delay: 120, status: 2 })).body.data!;
    expect(recent.rows.map((r) => r.id)).toEqual([all.rows[0]!.id]);
    for (const bad of [{ status: 9 }, { status: 'x' }, { delay: 45 }] as Record<string, string | number>[])
      expect((await demo.get(RUNS, bad)).status).toBe(400);
    expect((await rival.get<Rows<Run>>(RUNS, { delay: 120 })).body.data!.total).toBe(0);
  });
});

describe('view settings (settings/viewchanges)', () => {
  it('saves labels and currency with one history row per changed field, shown in user_info; other groups untouched', async () => {
    const defaults = {
      mrp: 'MRP',
      selling_price: 'Selling Price',
      currencySign: 'fa fa-inr',
      images_type: 0,
    };
    expect((await demo.get('get/currency')).body.data).toEqual(defaults);
    const saved = await demo.put<{ changed: string[] }>('view/settings', {
      ...defaults,
      mrp: ' List Price ',
      currencySign: 'fa fa-usd',
    });
    expect([saved.body.msg, saved.body.data!.changed]).toEqual([
      'View Settings Updated Successfully',
      ['mrp', 'currencySign'],
    ]);
    const again = await demo.post('view/settings', {
      ...defaults,
      mrp: 'List Price',
      currencySign: 'fa fa-usd',
    });
    expect(again.body.msg).toBe('No view setting was changed.');
    const info = (await demo.get<Record<string, unknown>>('user_info')).body.data!;
    expect([info.mrp, info.currencySign, info.selling_price]).toEqual([
      'List Price',
      'fa fa-usd',
      'Selling Price',
    ]);
    expect((await analyst.get<Record<string, unknown>>('get/currency')).body.data!.mrp).toBe('List Price');

    const history = await rowsOf(demo, 'view/settings/changes/rows');
    expect(history.total).toBe(2);
    expect(history.rows.map((r) => [r.field, r.before, r.after, r.changed_by])).toEqual([
      ['currencySign', 'fa fa-inr', 'fa fa-usd', 'demo@shelfscope.test'],
      ['mrp', 'MRP', 'List Price', 'demo@shelfscope.test'],
    ]);
    expect((await rowsOf(demo, 'view/settings/rows')).rows[0]).toMatchObject({ mrp: 'List Price' });

    // Group 2 keeps its own settings and sees none of group 1's history.
    expect((await rival.get('get/currency')).body.data).toEqual(defaults);
    expect((await rowsOf(rival, 'view/settings/changes/rows')).total).toBe(0);

    // Bad input: 400, nothing written.
    for (const body of [
      { ...defaults, mrp: '' },
      { ...defaults, mrp: '   ' },
      { ...defaults, currencySign: 'fa fa-yen' },
      { ...defaults, images_type: 3 },
      { mrp: 'x' },
    ])
      expect((await demo.put('view/settings', body)).status).toBe(400);
    expect((await rowsOf(demo, 'view/settings/changes/rows')).total).toBe(2);
    expect((await analyst.put('view/settings', defaults)).status).toBe(403);
  });
});

describe('queue status', () => {
  it("counts the group's jobs and purges only its waiting ones; the purged runs end Failed", async () => {
    // No worker: the triggered crawls stay Waiting in the queue, as behind a long crawl.
    await server.server.app.deps.jobs!.boss.offWork(CRAWL_QUEUE);
    const mine = [];
    for (let i = 0; i < 3; i++)
      mine.push((await demo.post<Run>('processmonitor/crawl/trigger', { channel_id: 1 })).body.data!.id);
    const theirs = (await rival.post<Run>('processmonitor/crawl/trigger', { channel_id: 1 })).body.data!.id;

    const crawlRow = async (client: ApiClient) =>
      (await rowsOf(client, QUEUE)).rows.find((r) => r.queue === 'crawl')!;
    // The two crawls above: pg-boss marks a job completed just after its run is written.
    await expect.poll(async () => (await crawlRow(demo)).completed, { timeout: 20_000 }).toBe(2);
    expect(await crawlRow(demo)).toMatchObject({ waiting: 3, active: 0, cancelled: 0 });
    expect((await crawlRow(demo)).oldest_waiting).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await crawlRow(rival)).toMatchObject({ waiting: 1, completed: 0 });
    expect((await rowsOf(demo, QUEUE)).rows.map((r) => r.queue)).toEqual([
      'crawl',
      'crawl-schedule',
      'report-export',
      'report-deliveries',
      'elastic-index',
      'alert-evaluate',
    ]);

    const rivalPurge = await rival.post<{ purged: number }>('processmonitor/queue/purge', { id: 'crawl' });
    expect([rivalPurge.body.data!.purged, rivalPurge.body.msg]).toEqual([
      1,
      '1 waiting job purged from crawl',
    ]);
    expect(await crawlRow(demo)).toMatchObject({ waiting: 3, cancelled: 0 });
    expect(await runOf(rival, theirs)).toMatchObject({
      status_name: 'Failed',
      message: 'Purged from the queue',
    });

    const purge = await demo.post<{ purged: number }>('processmonitor/queue/purge', { id: 'crawl' });
    expect([purge.status, purge.body.msg]).toEqual([200, '3 waiting jobs purged from crawl']);
    expect(await crawlRow(demo)).toMatchObject({ waiting: 0, cancelled: 3, completed: 2 });
    for (const id of mine)
      expect(await runOf(demo, id)).toMatchObject({ status: 4, message: 'Purged from the queue' });
    expect(
      (await demo.post<{ purged: number }>('processmonitor/queue/purge', { id: 'crawl' })).body.data!.purged,
    ).toBe(0);

    const bad = await demo.post('processmonitor/queue/purge', { id: 'alert-digest' });
    expect([bad.status, bad.body.msg]).toEqual([400, 'Unknown queue']);
    expect((await demo.post('processmonitor/queue/purge', {})).status).toBe(400);
  });

  it('shows the export and elastic queues too: the group waiting jobs, purged with their file and run Failed', async () => {
    const { boss } = server.server.app.deps.jobs!;
    await boss.offWork(EXPORT_QUEUE);
    await boss.offWork(ELASTIC_QUEUE);
    const file = (await demo.post<{ id: number }>('exports', { endpoint: 'stock/data/export' })).body.data!;
    const theirFile = (await rival.post<{ id: number }>('exports', { endpoint: 'stock/data/export' })).body
      .data!;
    const elastic = await demo.post<{ id: number }>('processmonitor/elastic/trigger', {
      source: 'brand',
      limit: '500',
      time_interval: '7',
    });
    expect(elastic.status).toBe(200);
    const row = async (client: ApiClient, queue: string) =>
      (await rowsOf(client, QUEUE)).rows.find((r) => r.queue === queue)!;
    expect(await row(demo, 'report-export')).toMatchObject({
      label: 'Report exports',
      waiting: 1,
      active: 0,
    });
    expect(await row(rival, 'report-export')).toMatchObject({ waiting: 1 });
    expect(await row(demo, 'elastic-index')).toMatchObject({ label: 'Elastic re-index', waiting: 1 });
    expect(await row(rival, 'elastic-index')).toMatchObject({ waiting: 0 });

    const purged = await demo.post('processmonitor/queue/purge', { id: 'report-export' });
    expect(purged.body.msg).toBe('1 waiting job purged from report-export');
    expect((await demo.get<{ status: string; error: string }>(`exports/${file.id}`)).body.data).toMatchObject(
      {
        status: 'failed',
        error: 'Purged from the queue',
      },
    );
    expect((await rival.get<{ status: string }>(`exports/${theirFile.id}`)).body.data!.status).toBe('queued');
    expect(await row(rival, 'report-export')).toMatchObject({ waiting: 1, cancelled: 0 });

    expect((await demo.post('processmonitor/queue/purge', { id: 'elastic-index' })).body.msg).toBe(
      '1 waiting job purged from elastic-index',
    );
    const runs = (await rowsOf(demo, 'processmonitor/elastic/runs/rows')).rows;
    expect(runs.find((r) => r.id === elastic.body.data!.id)).toMatchObject({
      status: 4,
      message: 'Purged from the queue',
    });
    expect(await row(demo, 'elastic-index')).toMatchObject({ waiting: 0, cancelled: 1 });
  });

  it('refuses a role without the screens (403) and anonymous callers (401)', async () => {
    for (const path of [
      QUEUE,
      KPI,
      KPI_TILES,
      INPUTS,
      TRACKING,
      'view/settings',
      'view/settings/changes/rows',
    ])
      expect([path, (await analyst.get(path)).status]).toEqual([path, 403]);
    expect((await analyst.post('processmonitor/queue/purge', { id: 'crawl' })).status).toBe(403);
    const menu = (await analyst.get<{ activityList: string[] }>('user/menu')).body.data!.activityList;
    expect(menu.filter((a) => /^(crawl_status|changehistory|settings|processmonitor)\//.test(a))).toEqual([]);
    const admin = (await demo.get<{ activityList: string[] }>('user/menu')).body.data!.activityList;
    expect(admin).toEqual(
      expect.arrayContaining([
        'processmonitor/queue_status',
        'crawl_status/kpi',
        'changehistory/input_analysis',
        'settings/channeltrackingstatus',
        'settings/viewchanges',
      ]),
    );
    expect((await fetch(`${server.url}/api/v1/${KPI}`)).status).toBe(401);
  });
});

describe('Crawl Status KPI tiles', () => {
  const SUMMED = [
    'runs',
    'success',
    'mismatch',
    'no_data',
    'failed',
    'in_flight',
    'pages',
    'pages_failed',
    'rows_loaded',
  ];
  const pct = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null);
  const read = async (status?: string) => {
    const q: Record<string, string> = status === undefined ? {} : { status };
    const grid = (await demo.get<Rows<Row>>(KPI, q)).body.data!.rows;
    const tile = (await demo.get<Rows<Row>>(KPI_TILES, q)).body.data!.rows;
    expect(tile).toHaveLength(1);
    return { grid, tile: tile[0]! };
  };

  it("are the sums of the grid's columns under every Status filter; runs older than 30 days count in neither", async () => {
    const db = server.server.app.deps.store.db;
    const before = (await read()).tile;
    const rivalBefore = (await rowsOf(rival, KPI_TILES)).rows;
    const { rows } = await sql<{
      group_id: number;
    }>`SELECT group_id FROM crawl_runs WHERE channel_id = 61 LIMIT 1`.execute(db);
    const groupId = rows[0]!.group_id;
    // Runs of every outcome on Flipkart Minutes (62), and one 40 days old that the window leaves out.
    const run = (status: number, pages: number, failed: number, loaded: number, age = '1 hour') =>
      sql`INSERT INTO crawl_runs (group_id, channel_id, crawl_type, crawl_date, status, pages_total, pages_ok,
                                  pages_failed, rows_loaded, created_at, started_at, finished_at)
          VALUES (${groupId}, 62, 3, '2026-01-01', ${status}, ${pages}, ${pages - failed}, ${failed}, ${loaded},
                  now() - ${age}::interval, now() - ${age}::interval, now() - ${age}::interval + interval '4 seconds')`.execute(
        db,
      );
    await run(0, 40, 7, 66);
    await run(3, 0, 0, 0);
    await run(4, 12, 12, 0);
    await run(5, 0, 0, 0);
    await run(4, 30, 30, 0, '40 days');
    const after = (await read()).tile;
    expect(SUMMED.map((k) => Number(after[k]) - Number(before[k]))).toEqual([4, 0, 1, 1, 1, 1, 52, 19, 66]);

    for (const status of [undefined, '4', '1,5', '0,3', '2']) {
      const { grid, tile } = await read(status);
      for (const k of SUMMED)
        expect([status, k, tile[k]]).toEqual([status, k, grid.reduce((t, r) => t + Number(r[k]), 0)]);
      expect(tile.success_rate).toBe(pct(Number(tile.success), Number(tile.runs) - Number(tile.in_flight)));
      expect(tile.page_failure_rate).toBe(pct(Number(tile.pages_failed), Number(tile.pages)));
      expect(tile.last_run_at).toBe(
        grid
          .map((r) => String(r.last_run_at))
          .sort()
          .at(-1) ?? null,
      );
      // The filter keeps only runs of its statuses: a channel row shows only with such a run.
      if (status) {
        const wanted = status.split(',').map(Number);
        const keys = ['success', 'mismatch', 'no_data', 'failed', 'in_flight'] as const;
        const of: Record<(typeof keys)[number], number[]> = {
          success: [2],
          mismatch: [0],
          no_data: [3],
          failed: [4],
          in_flight: [1, 5],
        };
        for (const k of keys)
          if (!of[k].some((s) => wanted.includes(s))) expect([status, k, tile[k]]).toEqual([status, k, 0]);
        expect(grid.every((r) => Number(r.runs) > 0)).toBe(true);
      }
    }
    expect((await read('4')).grid.map((r) => [r.channel_id, r.failed])).toContainEqual([62, 1]);
    expect((await read('1,5')).tile.in_flight).toBe(1);
    // A bad status is a 400, not a 500.
    for (const status of ['9', 'x', '1,,2'])
      expect([status, (await demo.get(KPI_TILES, { status })).status]).toEqual([status, 400]);
    // Group 2 sees none of it.
    expect((await rowsOf(rival, KPI_TILES)).rows).toEqual(rivalBefore);
  });
});
