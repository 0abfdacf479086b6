import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/http.js';
import { notify } from '../../../services/toast.js';
import { NO_DATA } from '../frame/EmptyState.js';
import { downloadFile, listRuns, type UploadRun } from './uploadApi.js';
import { formatWhen } from './uploadFormat.js';
import { formatInteger } from '../../../../shared/format/index.js';
import { useEngine } from '../../runtime/EngineContext.js';

const STATUS_TEXT: Record<UploadRun['status'], string> = {
  running: 'In Progress',
  loaded: 'Loaded',
  rejected: 'Rejected',
  refused: 'Refused',
  failed: 'Failed',
};

/** Who uploaded what and when, with rows ok / failed, status and the error file of rejected runs. */
export function UploadHistory({ base, version }: { base: string; version: number }) {
  const { numberStyle } = useEngine();
  const [runs, setRuns] = useState<UploadRun[] | null>(null);
  useEffect(() => {
    listRuns(base, 0, 20).then(setRuns, (error: unknown) => notify.error(errorMessage(error)));
  }, [base, version]);
  if (runs === null) return <div className="ss-state ss-state--loading">Loading…</div>;
  if (runs.length === 0) return <div className="ss-state ss-state--empty">{NO_DATA}</div>;
  return (
    <div className="ss-grid__scroll">
      <table className="ss-grid ss-upload__history">
        <thead>
          <tr>
            <th>When</th>
            <th>Who</th>
            <th>File</th>
            <th>Rows OK</th>
            <th>Rows Failed</th>
            <th>Status</th>
            <th>Message</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id}>
              <td>{formatWhen(run.started_at)}</td>
              <td>{run.user_name}</td>
              <td>{run.file_name}</td>
              <td>{formatInteger(run.rows_ok, numberStyle)}</td>
              <td>{formatInteger(run.rows_failed, numberStyle)}</td>
              <td>{STATUS_TEXT[run.status] ?? run.status}</td>
              <td>
                {run.message}{' '}
                {run.status === 'rejected' && (
                  <button
                    type="button"
                    className="ss-link-btn"
                    onClick={() =>
                      void downloadFile(`${base}/runs/${run.id}/errors`, `errors-${run.id}.xlsx`)
                    }
                  >
                    Error file
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
