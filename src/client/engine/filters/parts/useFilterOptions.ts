import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { suggestionParams, type FilterState } from '../../../../shared/filters/index.js';
import { errorMessage } from '../../../api/http.js';
import { useEngine } from '../../runtime/EngineContext.js';
import type { FilterOptionItem } from '../../../../shared/screenApi.js';
import { OPTIONS_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from './scrollAndLayout.js';
import { useDebouncedValue } from './useDebouncedValue.js';

export interface OptionsState {
  options: FilterOptionItem[];
  total: number;
  loading: boolean;
  error: string | null;
  /** Next 10 (scroll within 2 px of the bottom). */
  loadMore: () => void;
  setSearch: (prefix: string) => void;
}

/**
 * Option list of a suggestion source: pages of 10, a 200 ms debounced prefix, and the sibling
 * selections the filter `dependsOn` (contracts: suggestions), so cascades follow the server.
 */
export function useFilterOptions(
  source: string | undefined,
  dependsOn: readonly string[] = [],
  enabled = true,
  /** Typeahead: ask only once a (debounced) prefix has been typed. */
  requirePrefix = false,
): OptionsState {
  const { screen, store, source: data } = useEngine();
  const snap = useSnapshot(store);
  const [search, setSearch] = useState('');
  const prefix = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [state, setState] = useState({
    options: [] as FilterOptionItem[],
    total: 0,
    loading: false,
    error: null as string | null,
  });
  const [offset, setOffset] = useState(0);
  const filters = snap.filters as FilterState;
  const siblings: Record<string, unknown> = {};
  for (const f of dependsOn) siblings[f] = filters[f];
  const siblingKey = JSON.stringify(siblings);
  const inFlight = useRef(false);

  // A new prefix or sibling choice starts the list over.
  useEffect(() => setOffset(0), [prefix, siblingKey]);

  useEffect(() => {
    if (!source || !enabled || (requirePrefix && prefix.trim() === '')) return;
    let live = true;
    inFlight.current = true;
    setState((s) => ({ ...s, loading: true, error: null, options: offset === 0 ? [] : s.options }));
    const params = {
      ...(JSON.parse(siblingKey) as Record<string, unknown>),
      screenName: `${screen.area}/${screen.id}`,
      prefix,
      offset,
      staticSize: OPTIONS_PAGE_SIZE,
      start_date: filters.start_date,
      end_date: filters.end_date,
    };
    // The screen's declared suggestion defaults and query merging (config, not engine code).
    const rules = store.defaults.rules;
    data.suggestions(source, suggestionParams(source, params, rules)).then(
      ({ options, total }) => {
        inFlight.current = false;
        if (!live) return;
        setState((s) => ({
          options: offset === 0 ? options : [...s.options, ...options],
          total,
          loading: false,
          error: null,
        }));
      },
      (err: unknown) => {
        inFlight.current = false;
        if (live) setState((s) => ({ ...s, loading: false, error: errorMessage(err) }));
      },
    );
    return () => {
      live = false;
    };
    // Dates are read at call time; a date change alone does not refetch the open list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, enabled, prefix, offset, siblingKey, data, screen.area, screen.id, requirePrefix]);

  const loadMore = useCallback(() => {
    if (inFlight.current) return;
    setOffset((o) =>
      state.options.length < state.total && o < state.options.length ? state.options.length : o,
    );
  }, [state.options.length, state.total]);

  return { ...state, loadMore, setSearch };
}
