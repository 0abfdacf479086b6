import { useEffect, useRef, type MouseEvent } from 'react';
import { useSnapshot } from 'valtio';
import { formatDate } from '../../shared/format/index.js';
import { useEngine } from './runtime/EngineContext.js';
import { DatePresetPicker } from './filters/datePreset/DatePresetPicker.js';
import { submenuPresets } from './state/datePicker.js';

interface Props {
  /** SPA navigation from the router; without it tabs are plain links. */
  onNavigate?: ((url: string) => void) | undefined;
  /** Last crawl date of the screen's crawl type (docs/product-spec.md §3 `last_updated`). */
  lastCrawl?: string | undefined;
  /** Offer the date picker (off on screens that show no warehouse figures). */
  showDates?: boolean;
}

/** The submenu bar: the area's screens as tabs, 'loaded/total' on the active one, the date picker. */
export function SubmenuTabs({ onNavigate, lastCrawl, showDates = true }: Props) {
  const { screen, store } = useEngine();
  const snap = useSnapshot(store);
  const tabs = screen.tabs ?? [
    { id: screen.id, title: screen.title, url: `/workspace/${screen.area}/${screen.id}` },
  ];
  const presets = showDates ? submenuPresets(screen) : [];
  // Tabs that do not fit scroll sideways (engine.css .ss-tabs): bring the open one into view, again
  // once its loaded/total count has widened it.
  const activeTab = useRef<HTMLAnchorElement>(null);
  const counted = Boolean(snap.counts);
  useEffect(() => {
    activeTab.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [screen.id, counted]);
  const follow = (url: string) => (e: MouseEvent) => {
    if (!onNavigate || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    onNavigate(url);
  };
  return (
    <nav className="ss-submenu" aria-label={`${screen.area} screens`}>
      <ul className="ss-tabs" role="tablist">
        {tabs.map((tab) => {
          const active = tab.id === screen.id;
          return (
            <li key={tab.id} role="presentation">
              <a
                role="tab"
                aria-selected={active}
                ref={active ? activeTab : undefined}
                className={`ss-tab${active ? ' ss-tab--active' : ''}`}
                href={tab.url}
                onClick={follow(tab.url)}
              >
                {tab.title}
                {active && snap.counts && (
                  <span className="ss-tab__count" data-testid="tab-count">
                    {snap.counts.loaded}/{snap.counts.total}
                  </span>
                )}
              </a>
            </li>
          );
        })}
      </ul>
      <div className="ss-submenu__end">
        {lastCrawl && (
          <span
            className="ss-submenu__crawl"
            data-testid="last-crawl"
            title="Date of the last crawl these figures come from"
          >
            Last crawl: <time dateTime={lastCrawl}>{formatDate(lastCrawl)}</time>
          </span>
        )}
        {presets.length > 0 && <DatePresetPicker presets={presets} />}
      </div>
    </nav>
  );
}
