import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { dataQueryParams, type FilterRules, type FilterState } from '../../../../shared/filters/index.js';
import type { Confidence } from '../../../../shared/insights/confidence.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { findQuery } from '../../runtime/findQuery.js';
import { queryFilterFields } from '../../state/screenDefaults.js';

/**
 * The confidence of a KPI query's tiles under the current filters and dates (GET
 * insights/confidence), on a screen whose dataset is crawled; null elsewhere, while loading or
 * when it fails (the tiles stand without their mark).
 */
export function useConfidence(queryId: string | undefined): Confidence | null {
  const { screen, store, source } = useEngine();
  const snap = useSnapshot(store);
  const query = queryId === undefined ? undefined : findQuery(screen, queryId);
  const on = Boolean(screen.coverage && query && source.confidence !== undefined);
  const params = query
    ? dataQueryParams(
        snap.filters as FilterState,
        queryFilterFields(screen, query),
        snap.defaults.rules as FilterRules,
      )
    : {};
  for (const k of ['limit', 'offset', 'order_by', 'order_type']) delete params[k];
  const key = JSON.stringify(params);
  const [state, setState] = useState<Confidence | null>(null);
  useEffect(() => {
    if (!on || !source.confidence || !queryId) return;
    let live = true;
    setState(null);
    source.confidence({ ...params, screen: `${screen.area}/${screen.id}`, query: queryId }).then(
      (c) => live && setState(c),
      () => live && setState(null),
    );
    return () => {
      live = false;
    };
    // `key` stands for params.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, on, queryId, source, screen]);
  return on ? state : null;
}
