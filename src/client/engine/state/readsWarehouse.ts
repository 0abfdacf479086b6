import type { ResolvedScreen } from '../../../shared/screenApi.js';

/**
 * Whether the screen shows warehouse figures: it has filters, a date picker of its own or a widget
 * with a query. A screen of forms or uploads only has no dates, filters or saved views to offer,
 * so the frame leaves them out instead of showing controls that change nothing.
 */
export function readsWarehouse(screen: Pick<ResolvedScreen, 'filters' | 'dates' | 'widgets'>): boolean {
  if ((screen.filters?.length ?? 0) > 0 || screen.dates !== undefined) return true;
  return screen.widgets.some((w) => 'query' in w && w.query !== undefined);
}
