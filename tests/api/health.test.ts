/**
 * /healthz and /readyz (src/server/features/health): no session, nothing sensitive, and ready
 * only once the demo's first-start crawl (demo/crawlMarket.ts) has replaced its day: before that the
 * numbers on the screens are not final. Until ready every API call and page answers 503 with
 * Retry-After (readinessGate.ts), the answer nginx skips an instance on (deploy/nginx.conf).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer.js';
import { fetchBuffered } from './support/fetchBuffered.js';
import { FIRST_CRAWL } from '../../src/server/features/crawl/startCrawling.js';
import type { CrawlTables } from '../../src/server/features/crawl/crawlTables.js';
import { signIn } from './support/signIn.js';
import { LOOKBACK_DAYS } from '../../src/server/platform/warehouse/schema/listingWindowUpdate.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(
    { DEMO_CRAWL_DAY: 'true', DEMO_SKUS: '20', DEMO_DAYS: '7' },
    { notReadyYet: true },
  );
}, 120_000);
afterAll(async () => t?.close());

/** The gate answers from its last round of checks, one a second at most (rounds are slow under load). */
const GATE = { timeout: 15_000, interval: 200 };

/** A call that needs no session: 200 from a serving instance. */
const API_CALL = '/api/v1/azure/session';

/** The answer of a not-ready instance: 503, Retry-After, and the generic failure envelope. */
async function expectRefusedNotReady(url: string): Promise<void> {
  const res = await fetchBuffered(url);
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('5');
  if (url.includes('/api/'))
    expect(res.json()).toEqual({ statusCode: 0, msg: 'Something went wrong, please try after sometime.' });
}

interface ReadyAnswer {
  status: string;
  checks: Record<string, string>;
}

/** States of the first-start crawl's runs, read straight from the store. */
async function firstRunStatuses(): Promise<number[]> {
  const rows = await t.server.app.deps.store.db
    .withTables<CrawlTables>()
    .selectFrom('crawl_runs')
    .select('status')
    .where('group_id', '=', FIRST_CRAWL.groupId)
    .where('channel_id', 'in', [...FIRST_CRAWL.channelIds])
    .execute();
  return rows.map((r) => r.status);
}

describe('health probes', () => {
  it('/healthz answers without a session and is never cached', async () => {
    const res = await fetchBuffered(`${t.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('/readyz is 503 while the first crawl still fills its day, 200 once every run ended', async () => {
    const seen: ReadyAnswer[] = [];
    for (let i = 0; i < 600; i++) {
      const res = await fetchBuffered(`${t.url}/readyz`);
      const answer = res.json<ReadyAnswer>();
      seen.push(answer);
      const statuses = await firstRunStatuses();
      if (res.status === 200) {
        expect(answer.status).toBe('ready');
        // Ready means final: no run of the first crawl is waiting or in progress (1, 5).
        expect(statuses.length).toBe(FIRST_CRAWL.channelIds.length);
        expect(statuses.filter((s) => s === 1 || s === 5)).toEqual([]);
        break;
      }
      expect(res.status).toBe(503);
      expect(answer).toMatchObject({ status: 'not ready', checks: { demo: 'pending' } });
      // Not ready: the API and the pages are refused too (the probes above still answer).
      if (i === 0) {
        await expectRefusedNotReady(`${t.url}${API_CALL}`);
        await expectRefusedNotReady(`${t.url}/login`);
        expect((await fetchBuffered(`${t.url}/healthz`)).status).toBe(200);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    // Ready: the same call is served (the gate reuses a readiness answer for up to a second).
    await expect.poll(async () => (await fetchBuffered(`${t.url}${API_CALL}`)).status, GATE).toBe(200);
    expect(seen.at(-1)?.status).toBe('ready');
    // Only names and states: store, warehouse, queue, config, demo; no address, no error text.
    expect(seen.at(-1)?.checks).toEqual({
      store: 'ok',
      warehouse: 'ok',
      jobs: 'ok',
      config: 'ok',
      demo: 'ok',
    });
  }, 90_000);

  it('ready means final: the derived columns are filled and the price tiles do not move after it', async () => {
    expect((await fetchBuffered(`${t.url}/readyz`)).status).toBe(200);
    const client = await signIn(t);
    const tiles = async () => {
      const res = await client.get<{ rows: Record<string, unknown>[] }>('price/kpi/stats', {
        start_date: '2000-01-01',
        end_date: '2099-12-31',
      });
      expect(res.body.statusCode).toBe(1);
      return res.body.data!.rows[0]!;
    };
    const atReady = await tiles();
    // fact_price.is_new_violation (newViolations.ts) as stored equals its recomputation from the
    // rows: nothing is left to fill once ready (the first crawl's day included).
    const [stale] = await t.server.app.deps.warehouse.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM fact_price t JOIN (
         SELECT group_id, product_id, channel_id, city_id, crawl_date,
           CASE WHEN violation_type IN (1, 2, 3)
             AND NOT COALESCE(LAG(violation_type) OVER w IN (1, 2, 3)
               AND crawl_date - LAG(crawl_date) OVER w <= ${LOOKBACK_DAYS}, FALSE) THEN 1 ELSE 0 END AS v
         FROM fact_price WINDOW w AS (PARTITION BY group_id, product_id, channel_id, city_id ORDER BY crawl_date)
       ) s ON t.group_id = s.group_id AND t.product_id = s.product_id AND t.channel_id = s.channel_id
          AND t.city_id = s.city_id AND t.crawl_date = s.crawl_date
       WHERE t.is_new_violation <> s.v`,
    );
    expect(Number(stale!.n)).toBe(0);
    expect(Number(atReady.new_violations)).toBeGreaterThan(0);
    // No job still writing: the crawl queue is empty, so a later read is the same figure.
    expect((await firstRunStatuses()).filter((s) => s === 1 || s === 5)).toEqual([]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await tiles()).toEqual(atReady);
  });

  it('/readyz says which dependency fails, without its error', async () => {
    const { warehouse } = t.server.app.deps;
    const query = warehouse.query.bind(warehouse);
    // The warehouse gone (as a dropped connection answers): the probe turns 503 at once.
    warehouse.query = () => Promise.reject(new Error('connection to 10.0.0.5 refused'));
    try {
      const res = await fetchBuffered(`${t.url}/readyz`);
      expect(res.status).toBe(503);
      expect(res.json<ReadyAnswer>().checks.warehouse).toBe('failing');
      expect(res.text()).not.toContain('10.0.0.5');
      // An instance that loses a part stops serving at the gate's next round, saying nothing of why.
      await expect.poll(async () => (await fetchBuffered(`${t.url}${API_CALL}`)).status, GATE).toBe(503);
      await expectRefusedNotReady(`${t.url}${API_CALL}`);
    } finally {
      warehouse.query = query;
    }
    expect((await fetchBuffered(`${t.url}/readyz`)).status).toBe(200);
    await expect.poll(async () => (await fetchBuffered(`${t.url}${API_CALL}`)).status, GATE).toBe(200);
  });
});
