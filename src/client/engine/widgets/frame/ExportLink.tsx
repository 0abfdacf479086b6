import { useSnapshot } from 'valtio';
import { dataQueryParams, type FilterRules, type FilterState } from '../../../../shared/filters/index.js';
import { JobExportLink } from '../../../realtime/JobExportLink.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { findQuery } from '../../runtime/findQuery.js';
import { queryFilterFields } from '../../state/screenDefaults.js';

/** xlsx and CSV export of a grid under the current filters, run as jobs (`POST exports`, docs/jobs.md). */
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
  const endpoint = `${query.endpoint}/export`;
  return (
    <>
      <JobExportLink endpoint={endpoint} params={params} label="Export" ariaLabel="Export xlsx" />
      <JobExportLink endpoint={endpoint} params={params} label="CSV" format="csv" ariaLabel="Export CSV" />
    </>
  );
}
