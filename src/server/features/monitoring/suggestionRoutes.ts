import type { FastifyInstance } from 'fastify';
import type { FilterOptionItem } from '../../../shared/screenApi.js';
import { liveScope, type ConfigScope } from './configScope.js';
import { compileSuggestionQuery } from '../../language/query/compileSuggestionQuery.js';
import type { TOTAL_COLUMN } from '../../language/query/compileDatasetQuery.js';
import { pagedTotal } from '../../language/query/pagedTotal.js';
import { parseSuggestionRequest } from '../../language/query/suggestionRequest.js';
import { checkViewerOfExtraScreen, datasetOf, findScreen, productScreenKey } from './screenAccess.js';
import { suggestionSchema } from './routeSchemas.js';
import { storeSuggestions } from './storeSuggestions.js';
import { requireUser } from '../../access/auth/guards.js';
import { suggestionIndexQuery } from '../suggestionIndex/suggestionIndexQuery.js';

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
    const screen = findScreen(snapshot, productScreenKey(snapshot, scope, request, request.query.screenName));
    const auth = scope.authorize(request, screen);
    // A link to an extra screen: its own filters' options, never a source screen's asked by name.
    checkViewerOfExtraScreen(auth, request.query.screenName);
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
    const wh = app.deps.warehouse;
    const source = request.params.source;
    // Inside a window the elastic trigger indexed, the index answers; elsewhere the facts do.
    const compile = async (r: typeof req) =>
      (r.keys ? null : await suggestionIndexQuery(wh, dataset, source, r, auth.groupId)) ??
      compileSuggestionQuery(dataset, r, auth.groupId, wh.dialect);
    const { sql, params } = await compile(req);
    const rows = await app.deps.warehouse.query<{
      key: number | string;
      name: string;
      ids?: (number | string)[];
      [TOTAL_COLUMN]: number;
    }>(sql, params);
    const total = await pagedTotal(rows, req.offset, async () => {
      const first = await compile({ ...req, offset: 0, size: 1 });
      return wh.query<Record<string, unknown>>(first.sql, first.params);
    });
    const options = rows.map<FilterOptionItem>((r) => ({
      key: r.key,
      name: String(r.name ?? r.key),
      ...(r.ids ? { ids: r.ids } : {}),
    }));
    return { statusCode: 1, msg: 'Success', total, data: { [request.params.source]: options } };
  });
}
