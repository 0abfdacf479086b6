import type { FastifyReply } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import type { QueryContext } from '../../language/query/dataRequest.js';
import type { PreparedQuery } from '../../language/query/preparedQueries.js';
import { ResultCache } from '../../language/query/resultCache.js';
import { runScreenQuery, type QueryRows } from '../../language/query/runScreenQuery.js';
import { resultCacheLookups, warehouseQueryDuration } from '../../platform/metrics/instruments.js';

export interface ScreenCall {
  ctx: QueryContext;
  /** The request, and its SQL when prepared (else compiled on a miss). */
  call: Pick<PreparedQuery, 'request'> & Partial<Pick<PreparedQuery, 'page'>>;
  groupId: number;
  endpoint: string;
  configVersion: number;
}

/** Runs a data call, or answers it from the cache. */
export type RunCached = ((call: ScreenCall, reply: FastifyReply) => Promise<QueryRows>) & {
  /**
   * The call's answer if the cache holds it under the warehouse's version now, and a way to keep
   * an answer computed elsewhere (a both-periods statement's previous period) under that version,
   * read before the computation starts: a load meanwhile leaves it under a version no later call asks for.
   */
  reuse: (call: ScreenCall) => { rows: QueryRows | undefined; keep: (rows: QueryRows) => void };
};

/**
 * The version an answer is keyed by: with dates, that of the group's days up to the end date, so
 * a crawl load of a later day (a scoped write, writeScope.ts) leaves it cached; the previous
 * period of a comparison outlives the loads of the current one. Every query of a dataset reads
 * its facts between the request's dates (and the period before, for a comparison): none reads a
 * day after the end date.
 */
function versionOf(warehouse: Deps['warehouse'], call: ScreenCall): number {
  const { endDate } = call.call.request;
  return endDate ? warehouse.version({ groupId: call.groupId, through: endDate }) : warehouse.version();
}

/**
 * Runs a data call through the result cache (RESULT_CACHE_MB > 0). `x-cache: hit|miss` tells the
 * load run what the cache did; it is keyed by the caller's group, so it says nothing about
 * other tenants, and no request header can bypass or fill the cache.
 */
export function cachedScreenQuery(deps: Deps, enabled = true): RunCached {
  const { warehouse } = deps;
  const cache =
    enabled && deps.env.RESULT_CACHE_MB > 0
      ? new ResultCache<QueryRows>(deps.env.RESULT_CACHE_MB * 1024 * 1024)
      : null;
  const keyOf = (call: ScreenCall) => ({
    groupId: call.groupId,
    endpoint: call.endpoint,
    configVersion: call.configVersion,
    warehouseVersion: versionOf(warehouse, call),
    request: call.call.request,
  });
  const run = async (call: ScreenCall, reply: FastifyReply) => {
    const { ctx, groupId, endpoint } = call;
    const compute = async () => {
      const stop = warehouseQueryDuration.startTimer({ endpoint });
      try {
        return await runScreenQuery(warehouse, ctx, call.call.request, groupId, 'page', call.call.page);
      } finally {
        stop();
      }
    };
    if (!cache) return compute();
    const { value, hit } = await cache.get(keyOf(call), compute);
    resultCacheLookups.inc({ outcome: hit ? 'hit' : 'miss' });
    void reply.header('x-cache', hit ? 'hit' : 'miss');
    return value;
  };
  const reuse = (call: ScreenCall) => {
    if (!cache) return { rows: undefined, keep: () => undefined };
    const key = keyOf(call);
    const rows = cache.peek(key);
    resultCacheLookups.inc({ outcome: rows ? 'hit' : 'miss' });
    return { rows, keep: (kept: QueryRows) => cache.set(key, kept) };
  };
  return Object.assign(run, { reuse });
}
