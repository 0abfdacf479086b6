import type { FilterState, KeyValueStorage } from '../../../shared/filters/index.js';

/**
 * Named views per screen. The app keeps them on the server (`GET/POST /views`, `DELETE
 * /views/:id`, per user and group); this localStorage version serves stories, tests and a server
 * without the views routes.
 */
export const SAVED_VIEWS_KEY = 'shelfscopeSavedViews';

export interface SavedView {
  /** Server id; absent for views kept in localStorage. */
  id?: number;
  name: string;
  savedAt?: string;
  filters: FilterState;
}

type All = Record<string, SavedView[]>;

function readAll(storage: KeyValueStorage): All {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SAVED_VIEWS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as All) : {};
  } catch {
    return {};
  }
}

const keyOf = (area: string, screen: string) => `${area}/${screen}`;

export function listViews(storage: KeyValueStorage, area: string, screen: string): SavedView[] {
  return readAll(storage)[keyOf(area, screen)] ?? [];
}

/** Save under a name; the same name overwrites. Paging is not part of a view. */
export function saveView(
  storage: KeyValueStorage,
  area: string,
  screen: string,
  name: string,
  filters: FilterState,
  now = new Date(),
): SavedView[] {
  const trimmed = name.trim();
  if (!trimmed) throw new Error('A view needs a name');
  const all = readAll(storage);
  const views = (all[keyOf(area, screen)] ?? []).filter((v) => v.name !== trimmed);
  views.push({ name: trimmed, savedAt: now.toISOString(), filters: { ...filters, offset: 0 } });
  views.sort((a, b) => a.name.localeCompare(b.name));
  all[keyOf(area, screen)] = views;
  storage.setItem(SAVED_VIEWS_KEY, JSON.stringify(all));
  return views;
}

export function deleteView(
  storage: KeyValueStorage,
  area: string,
  screen: string,
  name: string,
): SavedView[] {
  const all = readAll(storage);
  const views = (all[keyOf(area, screen)] ?? []).filter((v) => v.name !== name);
  all[keyOf(area, screen)] = views;
  storage.setItem(SAVED_VIEWS_KEY, JSON.stringify(all));
  return views;
}

/** Saved views as the engine uses them, whatever keeps them. Each call answers the new list. */
export interface ViewsApi {
  list(area: string, screen: string): Promise<SavedView[]>;
  save(area: string, screen: string, name: string, filters: FilterState): Promise<SavedView[]>;
  remove(area: string, screen: string, view: SavedView): Promise<SavedView[]>;
}

export function localViewsApi(storage: KeyValueStorage): ViewsApi {
  return {
    list: (area, screen) => Promise.resolve(listViews(storage, area, screen)),
    save: (area, screen, name, filters) => Promise.resolve(saveView(storage, area, screen, name, filters)),
    remove: (area, screen, view) => Promise.resolve(deleteView(storage, area, screen, view.name)),
  };
}
