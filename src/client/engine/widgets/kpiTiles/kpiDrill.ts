import type { KpiDrill } from '../../../../shared/config.gen.js';
import { filtersToSearch, type FilterState } from '../../../../shared/filters/index.js';

/**
 * Where a tile's 'View rows' goes: another tab of the area (an address carrying the current
 * filters plus the drill's), or null for this screen's own grid.
 */
export function drillUrl(
  area: string,
  current: string,
  filters: FilterState,
  drill: KpiDrill | undefined,
): string | null {
  if (!drill?.screen || drill.screen === current) return null;
  // Paging restarts on the target; the drill's filters replace the same fields of the current ones.
  const next = { ...filters, ...(drill.filters ?? {}), offset: 0 } as FilterState;
  const search = filtersToSearch(next);
  return `/workspace/${area}/${drill.screen}${search ? `?${search}` : ''}`;
}
