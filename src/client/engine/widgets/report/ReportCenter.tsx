import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ReportCenterWidget } from '../../../../shared/config.gen.js';
import { dataQueryParams, type FilterRules, type FilterState } from '../../../../shared/filters/index.js';
import { pendingExports } from '../../../realtime/realtimeClient.js';
import { startExport } from '../../../realtime/startExport.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { WidgetFrame } from '../frame/WidgetFrame.js';
import { ReportFilterPanel } from './ReportFilterPanel.js';
import { ReportFiles } from './ReportFiles.js';
import './report.css';

/**
 * Reports as the spec's reports service offers them: pick a report, narrow it in 'Select Filters',
 * Generate (a job: 'Hold On!', progress over the socket, the file downloads itself), and the
 * group's files below. Without `reports` it is the download list only.
 */
export function ReportCenter({ config }: { config: ReportCenterWidget }) {
  const { screen, store } = useEngine();
  const snap = useSnapshot(store);
  const pending = useSnapshot(pendingExports).files;
  const reports = config.reports ?? [];
  const [chosen, setChosen] = useState(reports[0]?.id);
  const [panel, setPanel] = useState(false);
  const report = reports.find((r) => r.id === chosen);
  const running = Object.values(pending).find((p) => p.endpoint === report?.endpoint);
  const filters = screen.filters ?? [];
  const files = config.files ?? 'all';

  // A finished job of this tab leaves the pending list: the file list reloads.
  const [version, setVersion] = useState(0);
  const before = useRef(Object.keys(pending).length);
  useEffect(() => {
    const now = Object.keys(pending).length;
    if (now < before.current) setVersion((v) => v + 1);
    before.current = now;
  }, [pending]);

  const generate = async () => {
    if (!report) return;
    const fields = filters.flatMap((f) => ('field' in f ? [f.field] : []));
    const params = dataQueryParams(snap.filters as FilterState, fields, snap.defaults.rules as FilterRules);
    delete params.limit;
    delete params.offset;
    await startExport(report.endpoint, params, config.format ?? 'xlsx');
    setVersion((v) => v + 1);
  };

  return (
    <WidgetFrame title={config.title} kind="reportCenter" status="ready">
      {reports.length > 0 && (
        <div className="ss-report-center">
          <fieldset className="ss-report-list">
            <legend>Report</legend>
            {reports.map((r) => (
              <label key={r.id} className={r.id === chosen ? 'is-active' : undefined}>
                <input
                  type="radio"
                  name={`${config.id}-report`}
                  checked={r.id === chosen}
                  onChange={() => setChosen(r.id)}
                />
                <span>
                  <strong>{r.label}</strong>
                  {r.description && <small>{r.description}</small>}
                </span>
              </label>
            ))}
          </fieldset>
          <div className="ss-report-actions">
            {filters.length > 0 && (
              <button type="button" className="ss-btn ss-btn--ghost" onClick={() => setPanel(true)}>
                Select Filters
              </button>
            )}
            <button
              type="button"
              className="ss-btn ss-btn--primary"
              disabled={!report || running !== undefined}
              aria-busy={running ? true : undefined}
              onClick={() => void generate()}
            >
              {running ? `Generating… ${running.percent}%` : 'Generate'}
            </button>
            {running && (
              <progress
                className="ss-report-progress"
                max={100}
                value={running.percent}
                aria-label="Report progress"
              >
                {running.percent}%
              </progress>
            )}
          </div>
        </div>
      )}
      {panel && <ReportFilterPanel filters={filters} onClose={() => setPanel(false)} />}
      {files !== 'none' && <ReportFiles raw={files === 'raw'} version={version} />}
    </WidgetFrame>
  );
}
