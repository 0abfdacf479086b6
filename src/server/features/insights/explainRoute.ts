import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError } from '../../../shared/errors.js';
import { liveScope } from '../monitoring/configScope.js';
import { datasetOf, findScreen } from '../monitoring/screenAccess.js';
import { parseDataRequest, type QueryContext } from '../../language/query/dataRequest.js';
import { explainChange } from './explainChange.js';
import { explainSchema } from './explainSchema.js';

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
    const snapshot = scope.snapshot(request);
    const screen = findScreen(snapshot, screenKey);
    const auth = scope.authorize(request, screen);
    const query = screen.queries?.find((q) => q.id === queryId);
    if (!query) throw new BadRequestError(`Screen "${screenKey}" has no query "${queryId.slice(0, 80)}"`);
    const ctx: QueryContext = { screen, query, dataset: datasetOf(snapshot, screen) };
    const parsed = parseDataRequest(ctx, filters);
    return ok(
      await explainChange(app.deps.warehouse, { ctx, request: parsed, groupId: auth.groupId, measure, by }),
    );
  });
}
