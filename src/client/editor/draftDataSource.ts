import { createHttpDataSource, type DataSource } from '../engine/runtime/dataSource.js';
import { localViewsApi } from '../engine/runtime/savedViews.js';
import { draftPrefix } from './editorApi.js';
import type { KeyValueStorage } from '../../shared/filters/index.js';

/** In-memory storage: saved views made while previewing stay in the preview. */
function memoryStorage(): KeyValueStorage {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

/**
 * The engine's data source for a draft preview: the same calls as a saved screen, under the
 * draft's prefix (a config file's draft by default, or a group overlay's). Forms do not submit from a preview (it would change real data from an unsaved screen).
 */
export function draftDataSource(draftId: string, prefix = draftPrefix(draftId)): DataSource {
  return {
    ...createHttpDataSource(prefix),
    submit: () => Promise.reject(new Error('Forms do not submit in the preview: save the screen first.')),
    views: localViewsApi(memoryStorage()),
  };
}
