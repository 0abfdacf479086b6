/**
 * Latency of every monitoring endpoint over HTTP against the raw warehouse time of the same SQL,
 * and against the same SQL behind a bare Fastify route (the floor: floorServer.ts). Runs are
 * interleaved (app, raw, floor, raw ...) so all three see the same cache and load. HTTP times are taken by a client in its own process; raw times in the
 * server's process, on its adapter.
 */
import { compileDatasetQuery } from '../../src/server/language/query/compileDatasetQuery.js';
import { parseDataRequest } from '../../src/server/language/query/dataRequest.js';
import { chartOverlaysPrevious } from '../../src/shared/insights/previousPeriod.js';
import type { Warehouse } from '../../src/server/platform/warehouse/warehouse.js';
import type { FloorServer } from './floorServer.js';
import type { BenchHttpClient } from './httpClient.js';
import type { MonitoringQuery } from './monitoringQueries.js';

export interface LatencyRow {
  endpoint: string;
  screen: string;
  rows: number;
  httpP50: number;
  httpP95: number;
  /** The same SQL behind a bare Fastify route. */
  floorP50: number;
  rawP50: number;
  rawP95: number;
  /** HTTP p50 / raw p50. */
  ratio: number;
}

export interface LatencyOptions {
  warmup: number;
  /** Timed runs per endpoint in one round. */
  runs: number;
  groupId: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await work();
  return performance.now() - t;
}

/** Timings of one endpoint, pooled over the bench's rounds. */
export interface EndpointSamples {
  query: MonitoringQuery;
  rows: number;
  /** Path of this endpoint's SQL on the floor server, once registered. */
  floorPath?: string;
  httpMs: number[];
  floorMs: number[];
  rawMs: number[];
}

export function newSamples(query: MonitoringQuery): EndpointSamples {
  return { query, rows: 0, httpMs: [], floorMs: [], rawMs: [] };
}

/** The bench's HTTP clients: the app's server, and the floor server. */
export interface BenchClients {
  app: BenchHttpClient;
  floor: BenchHttpClient;
  floorServer: FloorServer;
}

/** One round on one endpoint: warm-up calls, then `runs` app and floor calls, each after a raw run. */
export async function sampleEndpoint(
  clients: BenchClients,
  warehouse: Warehouse,
  samples: EndpointSamples,
  opts: LatencyOptions,
): Promise<void> {
  const q = samples.query;
  const { sql, params } = compileDatasetQuery({
    dataset: q.ctx.dataset,
    query: q.ctx.query,
    request: parseDataRequest(q.ctx, q.params),
    groupId: opts.groupId,
    dialect: warehouse.dialect,
    mode: 'page',
  });
  const floorPath = (samples.floorPath ??= clients.floorServer.register({ sql, params }));
  const get = async (client: BenchHttpClient, path: string, rows: (n: number) => void) => {
    const res = await client.get(path, q.params);
    if (res.statusCode !== 1) throw new Error(`${path}: ${res.status} ${res.msg}`);
    rows(res.rows);
    return res.ms;
  };
  const http = () => get(clients.app, q.endpoint, (n) => (samples.rows = n));
  // A chart that overlays the previous period answers a row of its own for a date only the
  // previous period has (previousJoin.ts): the app may answer more rows than this SQL, never fewer.
  const overlay = chartOverlaysPrevious(q.ctx.screen, q.ctx.query.id);
  const floor = () =>
    get(clients.floor, floorPath, (n) => {
      if (overlay ? n > samples.rows : n !== samples.rows)
        throw new Error(`${q.endpoint}: floor route answered ${n} rows, the app ${samples.rows}`);
    });
  const raw = () => warehouse.query(sql, params);
  // Every HTTP call follows a raw run, as the app's call did before the floor was measured: no
  // call runs on code paths another HTTP call has just warmed. Both raw runs are pooled.
  for (let i = 0; i < opts.warmup; i++) {
    await http();
    await raw();
    await floor();
    await raw();
  }
  for (let i = 0; i < opts.runs; i++) {
    samples.httpMs.push(await http());
    samples.rawMs.push(await timed(raw));
    samples.floorMs.push(await floor());
    samples.rawMs.push(await timed(raw));
  }
}

export function summarise(samples: EndpointSamples): LatencyRow {
  const ascending = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const httpMs = ascending(samples.httpMs);
  const rawMs = ascending(samples.rawMs);
  const httpP50 = percentile(httpMs, 50);
  const rawP50 = percentile(rawMs, 50);
  return {
    endpoint: samples.query.endpoint,
    screen: samples.query.screenKey,
    rows: samples.rows,
    httpP50,
    httpP95: percentile(httpMs, 95),
    floorP50: percentile(ascending(samples.floorMs), 50),
    rawP50,
    rawP95: percentile(rawMs, 95),
    ratio: httpP50 / rawP50,
  };
}

/** The table `npm run bench` prints, with the targets marked. */
export function formatLatencyTable(
  rows: readonly LatencyRow[],
  targets: { ratio: number; p95: number },
): string {
  const w = Math.max(8, ...rows.map((r) => r.endpoint.length));
  const n = (v: number) => v.toFixed(1).padStart(7);
  const lines = [
    `${'endpoint'.padEnd(w)}  rows  http p50  http p95   raw p50   raw p95  ratio  floor p50  app ms  targets`,
    '-'.repeat(w + 81),
  ];
  for (const r of rows) {
    const miss = [r.ratio > targets.ratio ? 'ratio' : '', r.httpP95 >= targets.p95 ? 'p95' : ''].filter(
      Boolean,
    );
    lines.push(
      `${r.endpoint.padEnd(w)} ${String(r.rows).padStart(5)}  ${n(r.httpP50)}   ${n(r.httpP95)}   ${n(r.rawP50)}   ${n(r.rawP95)}  ${r.ratio.toFixed(2).padStart(5)}  ${n(r.floorP50).padStart(9)}  ${(r.httpP50 - r.floorP50).toFixed(2).padStart(6)}  ${miss.length ? `MISS ${miss.join('+')}` : 'ok'}`,
    );
  }
  return lines.join('\n');
}
