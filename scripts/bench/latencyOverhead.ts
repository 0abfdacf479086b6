/**
 * Where the time between the raw warehouse and HTTP goes: the same steps the data route takes,
 * timed one by one in-process (session + activities read from the store, request parsing and SQL
 * compilation, JSON serialisation of the answer), plus an authenticated HTTP call that does no
 * warehouse work at all (routing, auth hooks, envelope). HTTP calls come from the bench's client
 * process; `app.inject` shows the server's share without a socket.
 */
import type { ApiClient } from '../../tests/api/support/apiClient.js';
import { SESSION_COOKIE } from '../../src/server/access/auth/cookies.js';
import { sha256 } from '../../src/server/access/auth/secrets.js';
import type { FastifyInstance } from 'fastify';
import { compileDatasetQuery } from '../../src/server/language/query/compileDatasetQuery.js';
import { parseDataRequest } from '../../src/server/language/query/dataRequest.js';
import { runScreenQuery } from '../../src/server/language/query/runScreenQuery.js';
import {
  findLiveSession,
  findLiveSessionWithActivities,
} from '../../src/server/platform/store/sessionRepo.js';
import type { BenchHttpClient } from './httpClient.js';
import { percentile } from './latency.js';
import type { MonitoringQuery } from './monitoringQueries.js';

/** p50 of `work`'s time; when `work` returns a number, that is its own measured time. */
async function p50(runs: number, work: () => unknown): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const t = performance.now();
    const own = await work();
    if (i >= 3) ms.push(typeof own === 'number' ? own : performance.now() - t);
  }
  return percentile(
    ms.sort((a, b) => a - b),
    50,
  );
}

export async function overheadBreakdown(
  client: BenchHttpClient,
  signedIn: ApiClient,
  app: FastifyInstance,
  sample: MonitoringQuery,
  runs: number,
): Promise<string> {
  const deps = app.deps;
  const db = deps.store.db;
  const token = signedIn.cookie(SESSION_COOKIE) ?? '';
  const session = await findLiveSession(db, sha256(token));
  const httpNoWarehouse = await p50(runs, async () => (await client.get('config/areas', {})).ms);
  const auth = await p50(runs, () => findLiveSessionWithActivities(db, sha256(token)));
  const compile = await p50(runs, () =>
    compileDatasetQuery({
      dataset: sample.ctx.dataset,
      query: sample.ctx.query,
      request: parseDataRequest(sample.ctx, sample.params),
      groupId: session?.group_id ?? 1,
      dialect: deps.warehouse.dialect,
      mode: 'page',
    }),
  );
  const answer = await runScreenQuery(
    deps.warehouse,
    sample.ctx,
    parseDataRequest(sample.ctx, sample.params),
    1,
  );
  const json = await p50(runs, () => JSON.stringify({ statusCode: 1, msg: 'success', data: answer }));
  const url = `/api/v1/${sample.endpoint}?${new URLSearchParams(sample.params).toString()}`;
  const cookie = `${SESSION_COOKIE}=${token}`;
  const raw = await p50(runs, () =>
    runScreenQuery(deps.warehouse, sample.ctx, parseDataRequest(sample.ctx, sample.params), 1),
  );
  const injected = await p50(runs, () => app.inject({ method: 'GET', url, headers: { cookie } }));
  const http = await p50(runs, async () => (await client.get(sample.endpoint, sample.params)).ms);
  const f = (v: number) => `${v.toFixed(2)} ms`;
  return [
    'Per-request overhead (p50, in-process unless noted):',
    `  ${sample.endpoint}: raw ${f(raw)}, in-server (app.inject, no socket) ${f(injected)}, over HTTP ${f(http)}`,
    `  authenticated HTTP GET config/areas (no warehouse): ${f(httpNoWarehouse)}`,
    `  store read of the auth hook when its cache misses (session + activities): ${f(auth)}`,
    `  parse + compile ${sample.endpoint}: ${f(compile)}`,
    `  JSON of its answer (${answer.rows.length} rows): ${f(json)}`,
  ].join('\n');
}
