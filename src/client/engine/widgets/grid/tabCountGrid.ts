import type { ResolvedScreen } from '../../../../shared/screenApi.js';

/**
 * The grid whose rows the active tab's 'loaded/total' counts: the screen's first grid in its
 * widgets list. A screen with several grids (a run list and its totals, a current value and its
 * history) would otherwise show whichever answered last, often an empty second grid's 0/0.
 */
export function tabCountGridId(screen: Pick<ResolvedScreen, 'widgets'>): string | undefined {
  return screen.widgets.find((w) => w.kind === 'grid')?.id;
}
