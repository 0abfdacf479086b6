import { useEffect, useMemo, useState } from 'react';
import { filtersToSearch, type KeyValueStorage } from '../../shared/filters/index.js';
import {
  DEFAULT_CURRENCY,
  DEFAULT_NUMBER_STYLE,
  type CurrencyInfo,
  type NumberStyle,
} from '../../shared/format/index.js';
import { EngineContext, type EngineContextValue } from './runtime/EngineContext.js';
import type { DataSource } from './runtime/dataSource.js';
import { FilterBar } from './filters/FilterBar.js';
import { SavedViews } from './SavedViews.js';
import { ShareButton } from './share/ShareButton.js';
import { ScreenLayout } from './ScreenLayout.js';
import type { ResolvedScreen } from '../../shared/screenApi.js';
import { SelectedTags } from './SelectedTags.js';
import { screenDefaults, isCrawlLinked } from './state/screenDefaults.js';
import { createScreenStore, persistScreenStore } from './state/screenStore.js';
import type { CrawlDates } from '../../shared/filters/index.js';
import { SubmenuTabs } from './SubmenuTabs.js';
import { readsWarehouse } from './state/readsWarehouse.js';
import { submenuOffersDates } from './state/datePicker.js';
import './engine.css';

export interface ScreenViewProps {
  screen: ResolvedScreen;
  source: DataSource;
  storage?: KeyValueStorage | null;
  /** Opening query string: URL state wins over storage. */
  search?: string;
  /** Mirror the filters into the address bar (off in Storybook). */
  writeUrl?: boolean;
  crawlDates?: CrawlDates;
  currency?: CurrencyInfo;
  numberStyle?: NumberStyle;
  today?: string;
  onNavigate?: (url: string) => void;
  /**
   * Show the Share action: the page says so only for a signed-in user whose session holds this
   * screen (never in read mode nor in the editor's preview).
   */
  shareable?: boolean;
  /** A share-link viewer has no saved views of their own: the page hides them in read mode. */
  personal?: boolean;
}

/** A resolved screen config rendered: submenu, filter bar, tags, saved views, widgets. */
export function ScreenView(props: ScreenViewProps) {
  const {
    screen,
    source,
    storage = null,
    search,
    writeUrl = false,
    crawlDates,
    currency = DEFAULT_CURRENCY,
    numberStyle = DEFAULT_NUMBER_STYLE,
    today,
    onNavigate,
    shareable = false,
    personal = true,
  } = props;
  const [store] = useState(() =>
    createScreenStore(screen.area, screen.id, screenDefaults(screen), {
      storage,
      search,
      crawlDates,
      crawlType: isCrawlLinked(screen) ? screen.crawlType : undefined,
      today,
    }),
  );
  useEffect(() => persistScreenStore(store, storage, writeUrl), [store, storage, writeUrl]);
  const value = useMemo<EngineContextValue>(
    () => ({ screen, store, source, currency, numberStyle, navigate: onNavigate }),
    [screen, store, source, currency, numberStyle, onNavigate],
  );
  const filters = screen.filters ?? [];
  const figures = readsWarehouse(screen);
  // A report screen keeps its filters in the 'Select Filters' panel of its report widget.
  const inPanel = screen.widgets.some((w) => w.kind === 'reportCenter' && (w.reports?.length ?? 0) > 0);
  return (
    <EngineContext.Provider value={value}>
      <div className="ss-screen" data-screen={`${screen.area}/${screen.id}`}>
        <SubmenuTabs
          // A screen of store grids has a date picker only when it declares one (client logs).
          showDates={submenuOffersDates(screen)}
          onNavigate={onNavigate}
          lastCrawl={screen.crawlType ? crawlDates?.[screen.crawlType] : undefined}
        />
        <header className="ss-screen__head">
          <h1 className="ss-screen__title">{screen.title}</h1>
          <div className="ss-screen__actions">
            {figures && personal && <SavedViews />}
            {shareable && source.shares && (
              <ShareButton
                screen={`${screen.area}/${screen.id}`}
                title={screen.title}
                api={source.shares}
                currentFilters={() => filtersToSearch(store.filters)}
              />
            )}
          </div>
        </header>
        {figures && !inPanel && <FilterBar filters={filters} />}
        {figures && <SelectedTags filters={filters} />}
        <ScreenLayout layout={screen.layout} widgets={screen.widgets} />
      </div>
    </EngineContext.Provider>
  );
}
