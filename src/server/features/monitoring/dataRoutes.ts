import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import { liveScope, type ConfigScope } from './configScope.js';
import { parseDataRequest, type QueryContext } from '../../language/query/dataRequest.js';
import { PreparedQueries } from '../../language/query/preparedQueries.js';
import { cachedScreenQuery } from './cachedScreenQuery.js';
import { exportQueue } from './exportQueue.js';
import { sendExport } from './exportResponse.js';
import {
  boundScreenKey,
  checkExtraScreenCall,
  checkViewerOfExtraScreen,
  datasetOf,
  findScreen,
} from './screenAccess.js';
import { dataSchema } from './routeSchemas.js';
import { compareToOf, previousCall } from '../../language/query/previousPeriodCall.js';
import { comparedAnswer } from './comparedAnswer.js';

/** Exports at once (each holds a warehouse connection), and queued behind them before a 429. */
const EXPORTS_RUNNING = 2;
const EXPORTS_WAITING = 6;

interface DataRoute {
  Params: { '*': string };
  Querystring: Record<string, string>;
}

/**
 * The generic data endpoints. Config hot-reloads, so instead of one route per endpoint there is
 * one catch-all GET that looks the path up in the current snapshot; other plugins' static and
 * parametric routes win over a wildcard in Fastify's router.
 */
export function registerDataRoutes(app: FastifyInstance, scope: ConfigScope = liveScope(app)): void {
  const prepared = new PreparedQueries(app.deps.warehouse);
  const runCached = cachedScreenQuery(app.deps, scope.cacheResults);
  const exports = exportQueue(EXPORTS_RUNNING, EXPORTS_WAITING);
  app.get<DataRoute>('/*', { schema: dataSchema }, async (request, reply) => {
    const snapshot = scope.snapshot(request);
    const path = request.params['*'].replace(/\/+$/, '');
    const binding = snapshot.endpoints.get(path);
    if (!binding) throw new NotFoundError('page not found');
    const screen = findScreen(snapshot, boundScreenKey(binding, request.query.screenName));
    const auth = scope.authorize(request, screen);
    const presented = scope.presented?.(request);
    checkViewerOfExtraScreen(auth, request.query.screenName);
    if (presented) checkExtraScreenCall(snapshot, presented, request.query.screenName, path);
    const query = screen.queries!.find((q) => q.id === binding.queryId)!;
    const ctx: QueryContext = { screen, query, dataset: datasetOf(snapshot, screen) };
    if (!binding.export) {
      const call = prepared.prepare(ctx, queryStringOf(request.url), auth.groupId, () =>
        parseDataRequest(ctx, request.query),
      );
      const endpoint = { endpoint: path, configVersion: snapshot.version, groupId: auth.groupId };
      const queryString = queryStringOf(request.url);
      const previous = previousCall(
        ctx,
        call.request,
        compareToOf(request.query),
        (shifted) => prepared.prepare(ctx, `${queryString}#previous`, auth.groupId, () => shifted),
        (period) => prepared.prepareBoth(ctx, queryString, auth.groupId, call.request, period),
      );
      if (!previous) return ok(await runCached({ ctx, call, ...endpoint }, reply));
      // The same compiled query over the comparison period.
      return ok(
        await comparedAnswer({
          warehouse: app.deps.warehouse,
          ctx,
          groupId: auth.groupId,
          previous,
          current: () => runCached({ ctx, call, ...endpoint }, reply),
          before: () => runCached({ ctx, call: previous.call, ...endpoint }, reply),
          kept: () => runCached.reuse({ ctx, call: previous.call, ...endpoint }),
          comparisonRows: (trimmed, request) =>
            runCached({ ctx: trimmed, call: { request }, ...endpoint, endpoint: `${path}#previous` }, reply),
          // Cached apart from the single period's answer to the same request.
          both: (both) => runCached({ ctx, call: both, ...endpoint, endpoint: `${path}#both` }, reply),
        }),
      );
    }
    // `format=csv` asks for the same rows as CSV; it is no filter of the query.
    const { format: asked, ...filters } = request.query;
    if (asked !== undefined && asked !== 'xlsx' && asked !== 'csv')
      throw new BadRequestError('Invalid value for "format"');
    const format = asked === 'csv' ? 'csv' : 'xlsx';
    const fileName = `${path.replace(/\/export$/, '').replace(/\//g, '-')}.${format}`;
    const call = {
      ctx,
      request: parseDataRequest(ctx, filters),
      groupId: auth.groupId,
      fileName,
      format,
    } as const;
    return sendExport(app.deps.warehouse, exports, call, reply);
  });
}

function queryStringOf(url: string): string {
  const mark = url.indexOf('?');
  return mark < 0 ? '' : url.slice(mark + 1);
}
