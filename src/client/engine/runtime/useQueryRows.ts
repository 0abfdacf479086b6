import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { dataQueryParams, type FilterRules, type FilterState } from '../../../shared/filters/index.js';
import { errorMessage } from '../../api/http.js';
import { useEngine } from './EngineContext.js';
import { findQuery } from './findQuery.js';
import type { QueryResult } from '../../../shared/screenApi.js';
import { queryFilterFields } from '../state/screenDefaults.js';
import { gridOffset } from '../state/screenStore.js';
import { COMPARE_TO_PARAM } from '../../../shared/insights/previousPeriod.js';

export type LoadState =
  | { status: 'loading'; result: QueryResult | null }
  | { status: 'error'; message: string; result: QueryResult | null; retry?: () => void }
  | { status: 'ready'; result: QueryResult };

const PAGING = ['limit', 'offset', 'order_by', 'order_type'];

/**
 * Rows of one screen query under the current filters. Unpaged queries (KPI, charts) leave paging
 * and order out so Show More and sorting the grid do not refetch them. Paged queries append
 * when the offset moves on (Show More) and start over otherwise. A grid names itself (`gridId`):
 * its offset is its own, so another grid's Show More neither moves nor refetches it.
 */
export function useQueryRows(queryId: string | undefined, gridId?: string): LoadState {
  const { screen, store, source } = useEngine();
  const snap = useSnapshot(store);
  const query = queryId === undefined ? undefined : findQuery(screen, queryId);
  const paged = Boolean(query?.paged);
  const offset = gridId === undefined ? snap.filters.offset : gridOffset(snap, gridId);
  const params = useMemo(() => {
    if (!query) return null;
    const all = dataQueryParams(
      { ...(snap.filters as FilterState), offset },
      queryFilterFields(screen, query),
      snap.defaults.rules as FilterRules,
    );
    if (!paged) {
      // The server applies the query's declared limit; sending it would only hit the page-size cap.
      for (const k of PAGING) delete all[k];
    }
    // The spec's screenName: the screen a call comes from (an extending area's screen shares its
    // base's endpoints, and its activity is checked by this name).
    all.screenName = `${screen.area}/${screen.id}`;
    // The comparison choice; the previous period is the server's default.
    if (snap.compareTo === 'last_year') all[COMPARE_TO_PARAM] = 'last_year';
    return all;
  }, [snap.filters, offset, snap.defaults.rules, query, paged, screen, snap.compareTo]);
  const key = JSON.stringify(params);
  const [state, setState] = useState<LoadState>({ status: 'loading', result: null });
  // Bumped by Retry: the same call again after a failure (a dropped connection, a busy server).
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (queryId === undefined) return; // an entity grid (useEntityRows) has no query
    if (!query || !params) {
      setState({ status: 'error', message: `Unknown query "${queryId}"`, result: null });
      return;
    }
    let live = true;
    const append = paged && Number(params.offset ?? 0) > 0;
    setState((s) => ({ status: 'loading', result: append ? s.result : null }));
    source.rows(query.endpoint, params).then(
      (res) => {
        if (!live) return;
        setState((s) => ({
          status: 'ready',
          result:
            append && s.result ? { ...res, rows: [...s.result.rows, ...res.rows], total: res.total } : res,
        }));
      },
      (err: unknown) => {
        if (live)
          setState((s) => ({
            status: 'error',
            message: errorMessage(err, messageOf(err)),
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
  }, [key, source, queryId, attempt, snap.dataVersion]);
  return state;
}

function messageOf(err: unknown): string {
  return err instanceof Error && err.message ? err.message : 'Something went wrong. Try again.';
}
