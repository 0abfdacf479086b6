import type { FastifyReply } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import type { QueryContext } from '../../language/query/dataRequest.js';
import type { PreparedQuery } from '../../language/query/preparedQueries.js';
import { ResultCache } from '../../language/query/resultCache.js';
import { runScreenQuery, type QueryRows } from '../../language/query/runScreenQuery.js';
import { resultCacheLookups, warehouseQueryDuration } from '../../platform/metrics/instruments.js';

export interface ScreenCall {
  ctx: QueryContext;
  call: PreparedQuery;
  groupId: number;
  endpoint: string;
  configVersion: number;
}

/**
 * Runs a data call through the result cache (RESULT_CACHE_MB > 0). `x-cache: hit|miss` tells the
 * load run what the cache did; it is keyed by the caller's group, so it says nothing about
 * other tenants, and no request header can bypass or fill the cache.
 */
export function cachedScreenQuery(
  deps: Deps,
  enabled = true,
): (call: ScreenCall, reply: FastifyReply) => Promise<QueryRows> {
  const { warehouse } = deps;
  const cache =
    enabled && deps.env.RESULT_CACHE_MB > 0
      ? new ResultCache<QueryRows>(deps.env.RESULT_CACHE_MB * 1024 * 1024)
      : null;
  return async ({ ctx, call, groupId, endpoint, configVersion }, reply) => {
    const run = async () => {
      const stop = warehouseQueryDuration.startTimer({ endpoint });
      try {
        return await runScreenQuery(warehouse, ctx, call.request, groupId, 'page', call.page);
      } finally {
        stop();
      }
    };
    if (!cache) return run();
    const key = {
      groupId,
      endpoint,
      configVersion,
      warehouseVersion: warehouse.version(),
      request: call.request,
    };
    const { value, hit } = await cache.get(key, run);
    resultCacheLookups.inc({ outcome: hit ? 'hit' : 'miss' });
    void reply.header('x-cache', hit ? 'hit' : 'miss');
    return value;
  };
}
