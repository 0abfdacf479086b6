/**
 * The elastic trigger: the spec's messages for bad bodies (nothing queued), a real job
 * that rebuilds the suggestion index of the named source (Limit entries per batch, Time Interval
 * crawl days), the run on the process monitor, suggestions answered from the index exactly as from
 * the facts, and group isolation. Both stores and warehouses: run again with API_TEST_PG=1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './support/testServer.js';
import { signInDemoRivalAnalyst } from './support/signIn.js';
import type { ApiClient } from './support/apiClient.js';
import { ELASTIC_MESSAGES } from '../../src/shared/operations/elasticRules.js';

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;
let analyst: ApiClient;

const TRIGGER = 'processmonitor/elastic/trigger';
const RUNS = 'processmonitor/elastic/runs/rows';
type Row = Record<string, unknown>;

beforeAll(async () => {
  server = await startTestServer();
  [demo, rival, analyst] = await signInDemoRivalAnalyst(server);
}, 300_000);

afterAll(() => server?.close());

const deps = () => server.server.app.deps;
const runsOf = async (client: ApiClient) => {
  const answer = await client.get<{ rows: Row[]; total: number }>(RUNS, { limit: 100 });
  expect(answer.status).toBe(200);
  return answer.body.data!;
};
const storeRuns = async () =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM elastic_runs`.execute(deps().store.db)).rows[0]!.n;

async function finished(client: ApiClient, id: number): Promise<Row> {
  for (let i = 0; i < 150; i++) {
    const run = (await runsOf(client)).rows.find((r) => r.id === id)!;
    if (![1, 5].includes(Number(run.status))) return run;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`elastic run ${id} did not finish`);
}

const day = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d)).slice(0, 10);
async function lastStockDay(groupId: number): Promise<string> {
  const [r] = await deps().warehouse.query<{ d: unknown }>(
    'SELECT MAX(crawl_date) AS d FROM fact_stock WHERE group_id = $1',
    [groupId],
  );
  return day(r!.d);
}
const minus = (d: string, n: number) => new Date(Date.parse(d) - n * 86_400_000).toISOString().slice(0, 10);

describe('elastic trigger: bad input', () => {
  it('answers each bad body with the spec message and queues nothing', async () => {
    const before = await storeRuns();
    const cases: [Row, string][] = [
      [{}, ELASTIC_MESSAGES.mandatory],
      [{ source: 'brand', limit: '10' }, ELASTIC_MESSAGES.mandatory],
      [{ source: '', limit: '10', time_interval: '7' }, ELASTIC_MESSAGES.mandatory],
      [{ source: 'brand', limit: '  ', time_interval: '7' }, ELASTIC_MESSAGES.mandatory],
      [{ source: 'brand', limit: 'abc', time_interval: '7' }, ELASTIC_MESSAGES.numbers],
      [{ source: 'brand', limit: '10', time_interval: 'seven' }, ELASTIC_MESSAGES.numbers],
      [{ source: 'brand', limit: '1.5', time_interval: '7' }, ELASTIC_MESSAGES.numbers],
      [{ source: 'brand', limit: '-3', time_interval: '7' }, ELASTIC_MESSAGES.numbers],
      [{ source: 'brand', limit: '0', time_interval: '7' }, ELASTIC_MESSAGES.numbers],
      [{ source: 'brand', limit: 10, time_interval: 400 }, ELASTIC_MESSAGES.numbers],
    ];
    for (const [body, msg] of cases) {
      const answer = await demo.post(TRIGGER, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.msg).toBe(msg);
    }
    const unknown = await demo.post(TRIGGER, { source: 'nosuch', limit: '10', time_interval: '7' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toMatch(/^Unknown source: .*brand/);
    expect(await storeRuns()).toBe(before);
  });

  it('refuses the analyst (403) and a second rebuild of a source still running (Process Failed)', async () => {
    expect((await analyst.post(TRIGGER, { source: 'brand', limit: '10', time_interval: '7' })).status).toBe(
      403,
    );
    expect((await analyst.get(RUNS)).status).toBe(403);
    // A run of City still Waiting (as if queued a moment ago): a second one is refused, nothing queued.
    const { rows } = await sql<{ id: number }>`
      INSERT INTO elastic_runs (group_id, source, batch_limit, interval_days, status)
      VALUES (1, 'city', 10, 7, 5) RETURNING id`.execute(deps().store.db);
    const before = await storeRuns();
    const refused = await demo.post(TRIGGER, { source: 'city', limit: '10', time_interval: '7' });
    expect(refused.status).toBe(503);
    expect(refused.body.msg).toBe(ELASTIC_MESSAGES.failed);
    expect(await storeRuns()).toBe(before);
    // Another group's running City does not stop this one's.
    const other = await rival.post(TRIGGER, { source: 'city', limit: '10', time_interval: '7' });
    expect(other.body.msg).toBe(ELASTIC_MESSAGES.initiated);
    expect((await finished(rival, (other.body.data as { id: number }).id)).status).toBe(2);
    await sql`UPDATE elastic_runs SET status = 4 WHERE id = ${rows[0]!.id}`.execute(deps().store.db);
  });
});

describe('elastic trigger: the job', () => {
  it('rebuilds the brand index in Limit-sized batches over Time Interval days; suggestions read it', async () => {
    const answer = await demo.post(TRIGGER, { source: 'brand', limit: '7', time_interval: '5' });
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe(ELASTIC_MESSAGES.initiated);
    const run = await finished(demo, (answer.body.data as { id: number }).id);
    expect(run).toMatchObject({ status: 2, source: 'brand', batch_limit: 7, interval_days: 5 });
    const last = await lastStockDay(1);
    // The window of fact_stock: 5 crawl days ending on its latest.
    const [state] = await deps().warehouse.query<Row>(
      `SELECT from_date, to_date, entries FROM suggestion_index_state
        WHERE group_id = 1 AND source = 'brand' AND fact_table = 'fact_stock'`,
    );
    expect([day(state!.from_date), day(state!.to_date)]).toEqual([minus(last, 4), last]);
    // Entries: the (day, brand) pairs of the window, counted here from the raw facts.
    const pairs = await deps().warehouse.query<Row>(
      `SELECT DISTINCT crawl_date, brand_id FROM fact_stock WHERE group_id = 1
        AND crawl_date >= CAST($1 AS DATE) AND crawl_date <= CAST($2 AS DATE)`,
      [minus(last, 4), last],
    );
    expect(Number(state!.entries)).toBe(pairs.length);
    const [all] = await deps().warehouse.query<{ n: number; e: number }>(
      `SELECT COUNT(DISTINCT fact_table)::INTEGER AS n, COUNT(*)::INTEGER AS e FROM suggestion_index
        WHERE group_id = 1 AND source = 'brand'`,
    );
    expect(Number(all!.e)).toBe(Number(run.entries));
    expect(Number(run.batches)).toBeGreaterThanOrEqual(Math.ceil(Number(run.entries) / 7));
    expect(Number(all!.n)).toBeGreaterThan(1);

    // Inside the window the index answers, with the facts' rows, names, order and totals.
    const ask = (client: ApiClient, extra: Record<string, string | number>) =>
      client.get<Record<string, unknown[]>>('suggestion/brand', {
        screenName: 'stock/kpi',
        start_date: minus(last, 3),
        end_date: last,
        staticSize: 4,
        ...extra,
      });
    const shapes: Record<string, string | number>[] = [
      {},
      { prefix: 'a' },
      { offset: 4 },
      { offset: 400 },
      { prefix: 'zzzz' },
    ];
    const fromIndex = await Promise.all(shapes.map((s) => ask(demo, s)));
    const saved = await deps().warehouse.query<Row>(
      `SELECT * FROM suggestion_index_state WHERE group_id = 1 AND source = 'brand' AND fact_table = 'fact_stock'`,
    );
    await deps().warehouse.query(
      `DELETE FROM suggestion_index_state WHERE group_id = 1 AND source = 'brand' AND fact_table = 'fact_stock'`,
    );
    const fromFacts = await Promise.all(shapes.map((s) => ask(demo, s)));
    expect(fromIndex.map((a) => [a.body.total, a.body.data])).toEqual(
      fromFacts.map((a) => [a.body.total, a.body.data]),
    );
    expect((fromFacts[0]!.body.data!.brand as unknown[]).length).toBe(4);
    const s = saved[0]!;
    await deps().warehouse.query(
      `INSERT INTO suggestion_index_state (group_id, source, fact_table, target, from_date, to_date, entries, run_id)
       VALUES ($1, $2, $3, $4, CAST($5 AS DATE), CAST($6 AS DATE), $7, $8)`,
      [1, 'brand', 'fact_stock', s.target, day(s.from_date), day(s.to_date), s.entries, s.run_id],
    );
    // The lookup reads the index: an entry only the index holds is suggested.
    await deps().warehouse.query(
      `INSERT INTO suggestion_index (group_id, source, fact_table, crawl_date, entry_key, name, search_name)
       VALUES (1, 'brand', 'fact_stock', CAST($1 AS DATE), 987654, 'Qqindexonly', 'Qqindexonly')`,
      [last],
    );
    const probe = await ask(demo, { prefix: 'qqindex' });
    expect(probe.body.data!.brand).toEqual([{ key: 987654, name: 'Qqindexonly' }]);
    // Outside the window (a day before it) the facts answer.
    const before = await ask(demo, { prefix: 'qqindex', start_date: minus(last, 9) });
    expect(before.body.data!.brand).toEqual([]);
    // Group 2 never reads group 1's index.
    expect((await ask(rival, { prefix: 'qqindex' })).body.data!.brand).toEqual([]);
    await deps().warehouse.query(`DELETE FROM suggestion_index WHERE entry_key = 987654`);
  });

  it('shows each group only its own runs', async () => {
    const mine = (await runsOf(demo)).rows;
    const theirs = (await runsOf(rival)).rows;
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(0);
    const own = await sql<{ id: number; group_id: number }>`SELECT id, group_id FROM elastic_runs`.execute(
      deps().store.db,
    );
    const groupOf = new Map(own.rows.map((r) => [r.id, r.group_id]));
    expect(mine.every((r) => groupOf.get(Number(r.id)) === 1)).toBe(true);
    expect(theirs.every((r) => groupOf.get(Number(r.id)) === 2)).toBe(true);
  });
});
