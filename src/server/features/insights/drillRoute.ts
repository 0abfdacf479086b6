import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { liveScope } from '../monitoring/configScope.js';
import { parseDrillRequest } from '../../language/query/drillRequest.js';
import { drillRows } from './drillRows.js';
import { drillSchema } from './drillSchema.js';
import { resolveTileQuery } from './tileQuery.js';

interface DrillRoute {
  Querystring: Record<string, string> & { screen: string; query: string; measure: string };
}

/**
 * GET /insights/drill: the rows behind a tile or a chart point. Scoped like the screen's data
 * calls (the same screen lookup, activity check and group); the rest of the query string is the
 * screen's filters and dates, parsed by the same parser, plus the drill's own parameters.
 */
export function registerDrillRoute(app: FastifyInstance): void {
  const scope = liveScope(app);
  app.get<DrillRoute>('/insights/drill', { schema: drillSchema }, async (request) => {
    const { screen: screenKey, query: queryId, measure, ...params } = request.query;
    const { ctx, groupId } = resolveTileQuery(scope, request, screenKey, queryId);
    const parsed = parseDrillRequest(ctx, params);
    return ok(await drillRows(app.deps.warehouse, { ctx, request: parsed, groupId, measure }));
  });
}
