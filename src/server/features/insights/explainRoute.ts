import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { liveScope } from '../monitoring/configScope.js';
import { parseDataRequest } from '../../language/query/dataRequest.js';
import { compareToOf } from '../../language/query/previousPeriodCall.js';
import { explainChange } from './explainChange.js';
import { explainSchema } from './explainSchema.js';
import { resolveTileQuery } from './tileQuery.js';

interface ExplainRoute {
  Querystring: Record<string, string> & { screen: string; query: string; measure: string; by: string };
}

/**
 * GET /insights/explain: why a KPI moved. Scoped like the screen's data calls: the same screen
 * lookup, activity check (liveScope) and group, and the rest of the query string is the
 * screen's own filters and dates, parsed by the same request parser.
 */
export function registerExplainRoute(app: FastifyInstance): void {
  const scope = liveScope(app);
  app.get<ExplainRoute>('/insights/explain', { schema: explainSchema }, async (request) => {
    const { screen: screenKey, query: queryId, measure, by, ...filters } = request.query;
    const { ctx, groupId } = resolveTileQuery(scope, request, screenKey, queryId);
    const parsed = parseDataRequest(ctx, filters);
    const to = compareToOf(filters);
    return ok(await explainChange(app.deps.warehouse, { ctx, request: parsed, groupId, measure, by, to }));
  });
}
