/**
 * "View rows" over HTTP on the real server: for every KPI tile of every screen, the rows the
 * drill lists add up to the figure the tile shows under the screen's opening filters and dates.
 * Each tile's endpoint and its drill are called side by side (one server, a small demo tenant,
 * several requests at a time); the result cache is off, so each answer is computed afresh.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitoringQueries, type MonitoringQuery } from '../../scripts/bench/monitoringQueries.js';
import type { KpiTilesWidget, ScreenConfig } from '../../src/shared/config.gen.js';
import { combineTotals, type DrillRows } from '../../src/shared/insights/drill.js';
import type { QueryResult, ResolvedScreen } from '../../src/shared/screenApi.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

/**
 * Tiles whose rows are not listed, each with why. Store-backed tiles (`rows`) drill to their
 * screen's grid, whose rows sum to the counts; a ratio of them is a ratio of two such sums.
 */
const EXCEPTIONS: Record<string, string> = {
  'crawl_status/kpi:success_rate':
    'a ratio of finished runs: the channel grid lists its numerator and denominator per channel (Success, Runs)',
  'crawl_status/kpi:page_failure_rate':
    'a ratio of failed pages to pages: the channel grid lists the pages per channel',
};

let server: TestServer;
let demo: ApiClient;
let kpis: MonitoringQuery[];
let screens: ReadonlyMap<string, ScreenConfig>;

beforeAll(async () => {
  server = await startTestServer({ RESULT_CACHE_MB: '0', DEMO_SKUS: '20', DEMO_DAYS: '7' });
  const [last] = await server.server.app.deps.warehouse.query<{ d: string }>(
    'SELECT MAX(last_crawl_date) AS d FROM crawl_log WHERE group_id = $1',
    [1],
  );
  const snapshot = server.server.app.deps.config.current();
  screens = snapshot.screens;
  kpis = monitoringQueries(snapshot, String(last!.d)).filter((q) =>
    tilesOf(q.ctx.screen).some((w) => w.query === q.ctx.query.id),
  );
  demo = await signIn(server);
}, 180_000);

afterAll(async () => {
  await server?.close();
});

function tilesOf(screen: ScreenConfig): KpiTilesWidget[] {
  return screen.widgets.filter((w): w is KpiTilesWidget => w.kind === 'kpiTiles');
}

/** Runs `jobs` at most `width` at a time. */
async function pool<T>(jobs: (() => Promise<T>)[], width = 6): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return out;
}

/** Equal within the last bits of a double sum (the warehouse adds in parallel, in any order). */
function near(a: number | null, b: unknown, what: string): void {
  const want = b === null || b === undefined ? null : Number(b);
  if (a === null || want === null) {
    // No rows: the tile reads 0 (a count) or nothing (a ratio, an extreme).
    expect(a ?? 0, what).toBe(want ?? 0);
    return;
  }
  expect(Math.abs(a - want), `${what}: ${a} vs ${want}`).toBeLessThanOrEqual(
    1e-9 * Math.max(1, Math.abs(want)),
  );
}

/** Every row of a drill, page after page (500 a page). */
async function allRows(params: Record<string, string>): Promise<DrillRows> {
  const first = await demo.get<DrillRows>('insights/drill', { ...params, limit: 500 });
  expect(first.body.statusCode, `${params.screen} ${params.measure}: ${first.body.msg}`).toBe(1);
  const drill = first.body.data!;
  const pages = Math.ceil(drill.total / 500);
  const more = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
      demo.get<DrillRows>('insights/drill', { ...params, limit: 500, offset: (i + 1) * 500 }),
    ),
  );
  return { ...drill, rows: [...drill.rows, ...more.flatMap((r) => r.body.data!.rows)] };
}

/** The tile's figure made again from the listed rows, as the drill says it combines. */
function fromRows(d: DrillRows): number | null {
  if (d.rows.length === 0) return null;
  const totals = Object.fromEntries(
    d.parts.map((p) => {
      const values = d.rows.map((r) => Number(r[p.id] ?? 0));
      const v =
        d.combine === 'min'
          ? Math.min(...values)
          : d.combine === 'max'
            ? Math.max(...values)
            : values.reduce((t, x) => t + x, 0);
      return [p.id, v];
    }),
  );
  return combineTotals(d.combine, d.parts, totals, d.scale);
}

describe('View rows of KPI tiles', () => {
  it('lists rows that add up to the tile, for every tile of every screen', async () => {
    const jobs: (() => Promise<string>)[] = [];
    for (const q of kpis) {
      const tile = demo.get<QueryResult>(q.endpoint, q.params);
      const measures = tilesOf(q.ctx.screen)
        .filter((w) => w.query === q.ctx.query.id)
        .flatMap((w) => w.tiles.map((t) => t.measure));
      for (const measure of new Set(measures)) {
        if (EXCEPTIONS[`${q.screenKey}:${measure}`]) continue;
        jobs.push(async () => {
          const res = await tile;
          expect(res.body.statusCode, `${q.endpoint}: ${res.body.msg}`).toBe(1);
          const shown = res.body.data!.rows[0]?.[measure];
          const { limit: _paged, ...opening } = q.params;
          const params = { ...opening, screen: q.screenKey, query: q.ctx.query.id, measure };
          const drill = await allRows(params);
          const what = `${q.screenKey} ${measure}`;
          near(drill.value, shown, `${what}: drill total vs tile`);
          near(fromRows(drill), shown, `${what}: listed rows vs tile`);
          expect(drill.rows.length, what).toBe(drill.total);
          return what;
        });
      }
    }
    const checked = await pool(jobs);
    expect(checked.length).toBeGreaterThan(250);
  }, 600_000);

  it('store-backed tiles drill to their grid, whose rows add up to them (exceptions say why)', async () => {
    let checked = 0;
    for (const [key, screen] of screens)
      for (const w of tilesOf(screen)) {
        if (!w.rows) continue;
        const [tile, grid] = await Promise.all([
          demo.get<QueryResult>(w.rows.endpoint),
          demo.get<QueryResult>(gridEndpoint(screen)!, { limit: 500 }),
        ]);
        for (const t of w.tiles) {
          if (EXCEPTIONS[`${key}:${t.measure}`]) continue;
          // A drill's filters narrow the grid and the tile alike; unfiltered, both count every row.
          const sum = grid.body.data!.rows.reduce((s, r) => s + Number(r[t.measure] ?? 0), 0);
          expect(sum, `${key} ${t.measure}`).toBe(Number(tile.body.data!.rows[0]?.[t.measure] ?? 0));
          checked++;
        }
      }
    expect(checked).toBeGreaterThan(5);
  });

  it('every exception is a tile, and says why on its hover', () => {
    for (const key of Object.keys(EXCEPTIONS)) {
      const [screenKey, measure] = key.split(':') as [string, string];
      const tile = tilesOf(screens.get(screenKey)!)
        .flatMap((w) => w.tiles)
        .find((t) => t.measure === measure);
      expect(tile?.description, key).toBeTruthy();
    }
  });

  it('a chart point drills to its day, and the condition is a tag that can be removed', async () => {
    const screen = await demo.get<ResolvedScreen>('config/screen', { area: 'stock', screen: 'kpi' });
    const trend = screen.body.data!.queries!.find((q) => q.id === 'trend')!;
    const opening = kpis.find((q) => q.screenKey === 'stock/kpi')!.params;
    const days = await demo.get<QueryResult>(trend.endpoint, opening);
    const day = days.body.data!.rows.at(-1)!;
    const base = { ...opening, screen: 'stock/kpi', query: 'trend', measure: 'out_of_stock' };
    const point = await allRows({ ...base, 'point.crawl_date': String(day.crawl_date) });
    expect(point.points).toEqual([{ dimension: 'crawl_date', label: 'Date', value: day.crawl_date }]);
    near(point.value, day.out_of_stock, 'the day drilled');
    expect(point.condition).toMatchObject({ label: 'Out Of Stock', applied: true });
    expect(point.rowNoun).toBe('listings');
    // Without the condition: every listing of the day, the tile's figure unchanged.
    const all = await allRows({ ...base, 'point.crawl_date': String(day.crawl_date), condition: 'off' });
    expect(all.total).toBeGreaterThan(point.total);
    near(all.value, day.out_of_stock, 'the day, condition off');
  });

  it('refuses what is not a drill with a plain 400', async () => {
    const base = { screen: 'stock/kpi', query: 'stats', measure: 'out_of_stock' };
    const cases: [Record<string, string>, string][] = [
      [{ ...base, measure: 'observations' }, 'Query "stats" has no measure "observations"'],
      [{ ...base, 'point.channel_id': '1' }, '"channel_id" is not a point of query "stats" (it has none)'],
      [{ ...base, condition: 'maybe' }, 'condition'],
      [{ ...base, order_by: 'password' }, 'Unknown sort field "password"'],
    ];
    for (const [params, msg] of cases) {
      const res = await demo.get('insights/drill', params);
      expect(res.status, msg).toBe(400);
      expect(String(res.body.msg)).toContain(msg);
    }
  });
});

function gridEndpoint(screen: ScreenConfig): string | undefined {
  for (const w of screen.widgets) if (w.kind === 'grid' && w.rows) return w.rows.endpoint;
  return undefined;
}
