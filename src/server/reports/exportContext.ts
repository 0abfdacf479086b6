import type { ConfigSnapshot } from '../config/configRegistry.js';
import type { QueryContext } from '../query/dataRequest.js';
import { NotFoundError } from '../../shared/errors.js';
import { datasetOf, findScreen } from '../data/screenAccess.js';

/** The screen query behind an export endpoint (e.g. 'stock/data/export') in the current config. */
export function exportContext(snapshot: ConfigSnapshot, endpoint: string): QueryContext {
  const binding = snapshot.endpoints.get(endpoint.replace(/^\/+|\/+$/g, ''));
  if (!binding?.export) throw new NotFoundError('page not found');
  const screen = findScreen(snapshot, binding.screenKey);
  const query = screen.queries!.find((q) => q.id === binding.queryId)!;
  return { screen, query, dataset: datasetOf(snapshot, screen) };
}
