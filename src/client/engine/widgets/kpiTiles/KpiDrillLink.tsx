import type { MouseEvent } from 'react';
import { useSnapshot } from 'valtio';
import type { KpiDrill } from '../../../../shared/config.gen.js';
import type { FilterState } from '../../../../shared/filters/index.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { screenActions } from '../../state/screenStore.js';
import { drillUrl } from './kpiDrill.js';

/**
 * 'View rows' under a KPI tile: the grid rows behind the number. On the tile's own screen it
 * applies the drill's filters and moves focus to the grid; to another tab it navigates there with
 * the filters in the address (a real link: it opens in a new tab too).
 */
export function KpiDrillLink({ drill, label }: { drill: KpiDrill | undefined; label: string }) {
  const { screen, store, navigate } = useEngine();
  const snap = useSnapshot(store);
  const url = drillUrl(screen.area, screen.id, snap.filters as FilterState, drill);
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey) return;
    if (url) {
      if (!navigate) return;
      e.preventDefault();
      navigate(url);
      return;
    }
    e.preventDefault();
    for (const [field, value] of Object.entries(drill?.filters ?? {}))
      screenActions.setFilter(store, field, value);
    const root = (e.currentTarget.closest('[data-screen]') ?? document) as ParentNode;
    const grid = root.querySelector<HTMLElement>('.ss-widget--grid');
    grid?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    grid?.querySelector<HTMLElement>('.ss-grid__scroll, .ss-state')?.focus({ preventScroll: true });
  };
  return (
    <a
      className="ss-kpi__drill"
      href={url ?? '#rows'}
      onClick={follow}
      aria-label={`View rows behind ${label}`}
    >
      View rows →
    </a>
  );
}
