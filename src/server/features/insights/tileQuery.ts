import type { FastifyRequest } from 'fastify';
import { BadRequestError } from '../../../shared/errors.js';
import type { ConfigScope } from '../monitoring/configScope.js';
import { datasetOf, findScreen } from '../monitoring/screenAccess.js';
import type { QueryContext } from '../../language/query/dataRequest.js';

/** A query, measure or dimension id, as the insights routes take them. */
export const idSchema = { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,62}$' } as const;

/** The query-string fields naming a tile's figure (insights routes): screen, its query, a measure. */
export function tileQueryProperties(queryDescription: string) {
  return {
    screen: {
      type: 'string',
      pattern: '^[a-zA-Z][a-zA-Z0-9_-]*/[a-zA-Z][a-zA-Z0-9_-]*$',
      description: 'area/screen',
    },
    query: { ...idSchema, description: queryDescription },
    measure: { ...idSchema, description: 'Measure id of that query' },
  } as const;
}

/**
 * The screen query an insights call reads, scoped like the screen's own data calls: the same screen
 * lookup, activity check and group.
 */
export function resolveTileQuery(
  scope: ConfigScope,
  request: FastifyRequest,
  screenKey: string,
  queryId: string,
): { ctx: QueryContext; groupId: number } {
  const snapshot = scope.snapshot(request);
  ({ screenKey, queryId } = productQuery(scope, request, screenKey, queryId));
  const screen = findScreen(snapshot, screenKey);
  const auth = scope.authorize(request, screen);
  const query = screen.queries?.find((q) => q.id === queryId);
  if (!query) throw new BadRequestError(`Screen "${screenKey}" has no query "${queryId.slice(0, 80)}"`);
  return { ctx: { screen, query, dataset: datasetOf(snapshot, screen) }, groupId: auth.groupId };
}

/**
 * A tile of a group's extra screen (docs/config-storage.md) reads a query of a product screen,
 * under the extra screen's name: the insights answer from that screen and query, opened with its
 * activity, as its data call is. Anything else is asked as named.
 */
function productQuery(
  scope: ConfigScope,
  request: FastifyRequest,
  screenKey: string,
  queryId: string,
): { screenKey: string; queryId: string } {
  const snapshot = scope.snapshot(request);
  if (snapshot.screens.has(screenKey)) return { screenKey, queryId };
  const extra = scope.presented?.(request).screens.get(screenKey);
  const endpoint = extra?.queries?.find((q) => q.id === queryId)?.endpoint;
  const binding = endpoint === undefined ? undefined : snapshot.endpoints.get(endpoint);
  return binding ? { screenKey: binding.screenKey, queryId: binding.queryId } : { screenKey, queryId };
}
