import { useSnapshot } from 'valtio';
import { dataQueryParams, type FilterRules, type FilterState } from '../../../../shared/filters/index.js';
import { serializeParams } from '../../../api/http.js';
import { useEngine } from '../../EngineContext.js';
import { findQuery } from '../../findQuery.js';
import { queryFilterFields } from '../../state/screenDefaults.js';

/** xlsx export of a grid under the current filters: `GET /api/v1/{endpoint}/export` (contracts). */
export function ExportLink({ queryId }: { queryId: string }) {
  const { screen, store } = useEngine();
  const snap = useSnapshot(store);
  const query = findQuery(screen, queryId);
  if (!query) return null;
  const params = dataQueryParams(
    snap.filters as FilterState,
    queryFilterFields(screen, query),
    snap.defaults.rules as FilterRules,
  );
  delete params.limit;
  delete params.offset;
  const qs = serializeParams(params);
  return (
    <a
      className="ss-btn ss-btn--ghost"
      href={`/api/v1/${query.endpoint}/export${qs ? `?${qs}` : ''}`}
      download
    >
      Export
    </a>
  );
}
