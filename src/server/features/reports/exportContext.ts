import type { ConfigSnapshot } from '../../language/config/configRegistry.js';
import type { QueryContext } from '../../language/query/dataRequest.js';
import { NotFoundError } from '../../../shared/errors.js';
import { boundScreenKey, datasetOf, findScreen } from '../monitoring/screenAccess.js';

/**
 * The screen query behind an export endpoint (e.g. 'stock/data/export') in the current config;
 * `screenName` picks the screen of an extending area that shares the endpoint (its activity).
 */
export function exportContext(snapshot: ConfigSnapshot, endpoint: string, screenName?: string): QueryContext {
  const binding = snapshot.endpoints.get(endpoint.replace(/^\/+|\/+$/g, ''));
  if (!binding?.export) throw new NotFoundError('page not found');
  const screen = findScreen(snapshot, boundScreenKey(binding, screenName));
  const query = screen.queries!.find((q) => q.id === binding.queryId)!;
  return { screen, query, dataset: datasetOf(snapshot, screen) };
}
