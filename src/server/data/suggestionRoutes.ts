import type { FastifyInstance } from 'fastify';
import type { FilterOptionItem } from '../../shared/screenApi.js';
import { liveScope, type ConfigScope } from './configScope.js';
import { compileSuggestionQuery } from '../query/compileSuggestionQuery.js';
import type { TOTAL_COLUMN } from '../query/compileDatasetQuery.js';
import { pagedTotal } from '../query/pagedTotal.js';
import { parseSuggestionRequest } from '../query/suggestionRequest.js';
import { datasetOf, findScreen } from './screenAccess.js';
import { suggestionSchema } from './routeSchemas.js';
import { storeSuggestions } from '../entities/storeSuggestions.js';
import { requireUser } from '../auth/guards.js';

interface SuggestionRoute {
  Params: { source: string };
  Querystring: Record<string, string> & { screenName: string };
}

/**
 * GET suggestion/{source}?screenName=area/screen: a filter's options from the screen's dataset,
 * in the caller's group, narrowed by the sibling selections it dependsOn (contracts.md).
 */
export function registerSuggestionRoutes(app: FastifyInstance, scope: ConfigScope = liveScope(app)): void {
  app.get<SuggestionRoute>('/suggestion/:source', { schema: suggestionSchema }, async (request) => {
    const snapshot = scope.snapshot(request);
    const screen = findScreen(snapshot, request.query.screenName);
    const auth = scope.authorize(request, screen);
    if (screen.dataset === undefined) {
      // A screen of store grids (client logs): its filters' options come from the store.
      const { userId } = requireUser(request);
      const src = request.params.source;
      const { options, total } = await storeSuggestions(
        app.deps.store.db,
        screen,
        src,
        request.query,
        userId,
      );
      return { statusCode: 1, msg: 'Success', total, data: { [src]: options } };
    }
    const dataset = datasetOf(snapshot, screen);
    const req = parseSuggestionRequest(screen, dataset, request.params.source, request.query);
    const { sql, params } = compileSuggestionQuery(dataset, req, auth.groupId, app.deps.warehouse.dialect);
    const rows = await app.deps.warehouse.query<{
      key: number | string;
      name: string;
      ids?: (number | string)[];
      [TOTAL_COLUMN]: number;
    }>(sql, params);
    const total = await pagedTotal(rows, req.offset, () => {
      const first = compileSuggestionQuery(
        dataset,
        { ...req, offset: 0, size: 1 },
        auth.groupId,
        app.deps.warehouse.dialect,
      );
      return app.deps.warehouse.query<Record<string, unknown>>(first.sql, first.params);
    });
    const options = rows.map<FilterOptionItem>((r) => ({
      key: r.key,
      name: String(r.name ?? r.key),
      ...(r.ids ? { ids: r.ids } : {}),
    }));
    return { statusCode: 1, msg: 'Success', total, data: { [request.params.source]: options } };
  });
}
