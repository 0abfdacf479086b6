import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { errorMessage } from '../api/http.js';
import { useEngine } from './EngineContext.js';
import type { LoadState } from './useQueryRows.js';

/**
 * A store entity's rows for a grid configured with `rows: { entity }` (docs/write-half.md
 * "Reading an entity's rows"): only paging and sort go to the server, which scopes the rows to
 * the caller's groups. Show More appends; any other change starts over. No entity: stays idle.
 */
export function useEntityRows(entity: string | undefined): LoadState {
  const { screen, store, source } = useEngine();
  const snap = useSnapshot(store);
  const f = snap.filters as Record<string, unknown>;
  const params: Record<string, unknown> = {};
  for (const k of ['offset', 'limit', 'order_by', 'order_type']) if (f[k] !== undefined) params[k] = f[k];
  const key = JSON.stringify(params);
  const [state, setState] = useState<LoadState>({ status: 'loading', result: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!entity) return;
    let live = true;
    const append = Number(params.offset ?? 0) > 0;
    setState((s) => ({ status: 'loading', result: append ? s.result : null }));
    source.rows(`rows/${screen.area}/${screen.id}/${entity}`, params).then(
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
  }, [key, source, entity, screen.area, screen.id, attempt]);
  return state;
}
