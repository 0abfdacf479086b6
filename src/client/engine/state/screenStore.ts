import { proxy, subscribe } from 'valtio';
import type { CompareTo } from '../../../shared/insights/previousPeriod.js';
import {
  changeDatePreset,
  changeFilter,
  changeOrder,
  defaultFilterState,
  filtersToSearch,
  loadStoredFilters,
  moveToCrawlDate,
  nextPage,
  removeAllFilters,
  removeTag,
  resolveInitialFilters,
  saveStoredFilters,
  searchToFilters,
  todayIso,
  type CrawlDates,
  type DatePresetId,
  type FilterState,
  type KeyValueStorage,
  type OptionKey,
  type PresetInput,
  type ScreenFilterDefaults,
} from '../../../shared/filters/index.js';

/** The valtio state of one open screen. */
export interface ScreenStoreState {
  area: string;
  screen: string;
  filters: FilterState;
  defaults: ScreenFilterDefaults;
  /** Bumped whenever paging restarts, so grids scroll back to the top (docs/product-spec.md §4). */
  scrollToken: number;
  /**
   * The offset each grid has paged on to with Show More, by grid id: one grid's Show More loads
   * that grid's next page only. Emptied whenever paging restarts (any filter or sort change).
   */
  pages: Record<string, number>;
  /** A refused change's message (maxSelect, month range ...), shown by the filter bar. */
  notice: string | null;
  /** The grid's 'loaded/total', shown on the active tab. */
  counts: { loaded: number; total: number } | null;
  /** Bumped after a write from this screen, so every query of it reads the data again. */
  dataVersion: number;
  /** What tiles, change columns and chart overlays compare with (the data calls' compare_to). */
  compareTo: CompareTo;
}
export type ScreenStore = ScreenStoreState;

export interface StoreEnv {
  today?: string;
  storage?: KeyValueStorage | null;
  /** location.search of the opening URL; URL state wins over storage. */
  search?: string;
  crawlDates?: CrawlDates;
  crawlType?: 'product' | 'category' | 'keyword' | 'best_seller';
}

export function createScreenStore(
  area: string,
  screen: string,
  defaults: ScreenFilterDefaults,
  env: StoreEnv = {},
) {
  const today = env.today ?? todayIso();
  const base = defaultFilterState(defaults, today);
  const fromUrl = env.search ? searchToFilters(env.search) : null;
  const stored = env.storage ? loadStoredFilters(env.storage, area, screen) : null;
  let filters = resolveInitialFilters(fromUrl, stored, base);
  // A link pins its dates; storage and defaults follow the last crawl.
  if (!fromUrl) filters = moveToCrawlDate(filters, env.crawlType, env.crawlDates ?? {}, today);
  return proxy<ScreenStoreState>({
    area,
    screen,
    filters,
    defaults,
    scrollToken: 0,
    pages: {},
    notice: null,
    counts: null,
    dataVersion: 0,
    compareTo: 'previous',
  });
}

function apply(store: ScreenStore, next: FilterState) {
  if (next.offset === 0) {
    store.scrollToken += 1;
    store.pages = {};
  }
  store.filters = next;
  store.notice = null;
}

export const screenActions = {
  setFilter(store: ScreenStore, field: string, value: unknown, names?: Record<string, string>) {
    apply(store, changeFilter(store.filters, field, value, store.defaults, names));
  },
  /** A linked filter's values remember the ids they stand for (tag removal needs them). */
  setLinked(store: ScreenStore, mapField: string, map: Record<string, OptionKey[]>) {
    store.filters = { ...store.filters, [mapField]: map };
  },
  setDatePreset(store: ScreenStore, preset: DatePresetId, input?: PresetInput, today = todayIso()) {
    apply(store, changeDatePreset(store.filters, preset, today, store.defaults, input));
  },
  setOrder(store: ScreenStore, orderBy: string | undefined, orderType: 'asc' | 'desc' | undefined) {
    apply(store, changeOrder(store.filters, orderBy, orderType, store.defaults));
  },
  removeTag(store: ScreenStore, field: string, key: OptionKey) {
    apply(store, removeTag(store.filters, field, key, store.defaults.rules));
  },
  clearAll(store: ScreenStore, today = todayIso()) {
    apply(store, removeAllFilters(store.filters, store.defaults, today));
  },
  /** The next page of one grid (its id); the screen's other grids keep their rows. */
  showMore(store: ScreenStore, gridId: string) {
    const next = nextPage({ ...store.filters, offset: gridOffset(store, gridId) });
    store.pages = { ...store.pages, [gridId]: next.offset };
  },
  replace(store: ScreenStore, filters: FilterState) {
    apply(store, { ...filters, offset: 0, limit: store.defaults.limit ?? filters.limit });
  },
  setCompareTo(store: ScreenStore, to: CompareTo) {
    store.compareTo = to;
  },
  setCounts(store: ScreenStore, loaded: number, total: number) {
    store.counts = { loaded, total };
  },
  /** A form or row action wrote: queries read again, from the first page. */
  dataChanged(store: ScreenStore) {
    store.dataVersion += 1;
    if (store.filters.offset !== 0 || Object.keys(store.pages).length > 0)
      apply(store, { ...store.filters, offset: 0 });
  },
  notify(store: ScreenStore, message: string | null) {
    store.notice = message;
  },
};

/** Where a grid's rows start: where its Show More has got to, else the screen's offset. */
export function gridOffset(
  store: { readonly pages: Readonly<Record<string, number>>; readonly filters: { readonly offset: number } },
  gridId: string,
): number {
  return store.pages[gridId] ?? store.filters.offset;
}

/** Keep storage and the address bar in step with the filters; returns the unsubscribe. */
export function persistScreenStore(store: ScreenStore, storage: KeyValueStorage | null, writeUrl: boolean) {
  return subscribe(store, () => {
    if (storage) saveStoredFilters(storage, store.area, store.screen, store.filters);
    if (writeUrl && typeof window !== 'undefined') {
      const query = filtersToSearch(store.filters);
      const url = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
      // Keep the router's history.state so back/forward still work.
      window.history.replaceState(window.history.state, '', url);
    }
  });
}
