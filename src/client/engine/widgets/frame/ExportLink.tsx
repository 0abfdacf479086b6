import { useSnapshot } from 'valtio';
import { dataQueryParams, type FilterRules, type FilterState } from '../../../../shared/filters/index.js';
import { JobExportLink } from '../../../realtime/JobExportLink.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { findQuery } from '../../runtime/findQuery.js';
import { queryFilterFields } from '../../state/screenDefaults.js';

/** xlsx export of a grid under the current filters, run as a job (`POST exports`, docs/jobs.md). */
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
  params.screenName = `${screen.area}/${screen.id}`; // an extending area's screen: its own activity
  return <JobExportLink endpoint={`${query.endpoint}/export`} params={params} label="Export" />;
}
