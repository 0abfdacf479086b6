import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { errorMessage } from '../../api/http.js';
import { useEngine } from './EngineContext.js';
import type { LoadState } from './useQueryRows.js';
import type { ResolvedScreen } from '../../../shared/screenApi.js';
import { gridOffset } from '../state/screenStore.js';

/** Paging and sort, and the screen's own filters (a store screen's filters are the entity's). */
export function entityRowsParams(
  screen: Pick<ResolvedScreen, 'filters' | 'dates'>,
  f: Record<string, unknown>,
): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  const names = ['offset', 'limit', 'order_by', 'order_type'];
  for (const filter of screen.filters ?? []) if ('field' in filter) names.push(filter.field);
  if (screen.dates) names.push('start_date', 'end_date');
  for (const k of names) if (f[k] !== undefined && f[k] !== '') params[k] = f[k];
  return params;
}

/**
 * A store entity's rows for a grid configured with `rows: { entity }` or `rows: { endpoint }`
 * (docs/write-half.md "Reading an entity's rows"): paging, sort and (for an entity) the screen's
 * filters go to the server, which scopes the rows to the caller's groups. Show More appends; any
 * other change starts over. No entity: stays idle.
 * A new `version` (a row action wrote) reloads every loaded row in one call. A grid names itself
 * (`gridId`): its offset is its own, as in useQueryRows.
 */
export function useEntityRows(
  rows: { entity?: string; endpoint?: string } | undefined,
  version = 0,
  gridId?: string,
): LoadState {
  const { screen, store, source } = useEngine();
  // An entity's generic read, or a list endpoint of the store (`rows.endpoint`, same answer).
  const entity =
    rows?.endpoint ?? (rows?.entity ? `rows/${screen.area}/${screen.id}/${rows.entity}` : undefined);
  const snap = useSnapshot(store);
  const offset = gridId === undefined ? snap.filters.offset : gridOffset(snap, gridId);
  const params = entityRowsParams(screen, { ...snap.filters, offset });
  const key = JSON.stringify(params);
  const [state, setState] = useState<LoadState>({ status: 'loading', result: null });
  const [attempt, setAttempt] = useState(0);
  const loadedVersion = useRef(version);

  useEffect(() => {
    if (!entity) return;
    let live = true;
    const from = Number(params.offset ?? 0);
    const reload = loadedVersion.current !== version;
    loadedVersion.current = version;
    const append = from > 0 && !reload;
    const call =
      reload && from > 0 ? { ...params, offset: 0, limit: from + Number(params.limit ?? 10) } : params;
    setState((s) => ({ status: 'loading', result: append || reload ? s.result : null }));
    source.rows(entity, call).then(
      (res) => {
        if (!live) return;
        setState((s) => ({
          status: 'ready',
          result: append && s.result ? { rows: [...s.result.rows, ...res.rows], total: res.total } : res,
        }));
      },
      (err: unknown) => {
        if (live)
          setState((s) => ({
            status: 'error',
            message: errorMessage(err, 'Something went wrong. Try again.'),
            result: s.result,
            retry: () => setAttempt((n) => n + 1),
          }));
      },
    );
    return () => {
      live = false;
    };
    // `key` stands for params: refetch only when the call would differ.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, source, entity, screen.area, screen.id, attempt, version]);
  return state;
}
