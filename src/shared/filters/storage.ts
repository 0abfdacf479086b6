import { dropEmptyKeys, type FilterState } from './filterState.js';

/** docs/product-spec.md §9: the filter storage key (spelling kept from the spec). */
export const FILTER_STORAGE_KEY = 'prodSearcBarParams';

/** The part of the Web Storage API we use; lets the server and tests pass a stand-in. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

type Stored = Record<string, Record<string, FilterState>>;

function readAll(storage: KeyValueStorage): Stored {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(FILTER_STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Stored) : {};
  } catch {
    return {}; // a corrupt entry must not break the screen
  }
}

/** Stored state of one screen, per area and screen (docs/product-spec.md §2). */
export function loadStoredFilters(
  storage: KeyValueStorage,
  area: string,
  screen: string,
): FilterState | null {
  const state = readAll(storage)[area]?.[screen];
  return state && typeof state === 'object' && typeof state.limit === 'number' ? state : null;
}

export function saveStoredFilters(
  storage: KeyValueStorage,
  area: string,
  screen: string,
  state: FilterState,
): void {
  const all = readAll(storage);
  all[area] = { ...(all[area] ?? {}), [screen]: dropEmptyKeys(state) };
  storage.setItem(FILTER_STORAGE_KEY, JSON.stringify(all));
}
