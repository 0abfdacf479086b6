import { useCallback, useEffect, useState } from 'react';
import { errorMessage, http } from '../../../api/http.js';
import { formatDateTime } from '../../../../shared/format/dates.js';
import { formatInteger } from '../../../../shared/format/index.js';
import { useEngine } from '../../runtime/EngineContext.js';

export interface ReportFile {
  id: number;
  title: string;
  format: string;
  status: string;
  rows: number;
  percent: number;
  fileName: string;
  createdAt: string;
  error: string | null;
}

const STATUS: Record<string, string> = {
  queued: 'Queued',
  running: 'Generating',
  ready: 'Ready',
  failed: 'Failed',
};

/** The spec's display date with the time (DD-MMM-YYYY HH:mm, local time), as every grid shows it. */
export const when = (iso: string): string => formatDateTime(iso);

/**
 * The group's report files, newest first (s3/data/list, or report/raw/list for raw reports), each
 * downloadable once ready; reloads whenever `version` moves (a job of this tab finished).
 */
export function ReportFiles({ raw, version }: { raw: boolean; version: number }) {
  const { numberStyle } = useEngine();
  const [files, setFiles] = useState<ReportFile[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      const res = await http.get<{ data: ReportFile[] }>(raw ? 'report/raw/list' : 's3/data/list', {
        params: { limit: 20 },
      });
      setFiles(res.data.data);
      setError(null);
    } catch (e) {
      setError(errorMessage(e));
    }
  }, [raw]);
  useEffect(() => void load(), [load, version]);

  if (error) return <div className="ss-state ss-state--error">{error}</div>;
  if (!files) return <div className="ss-state ss-state--loading">Loading…</div>;
  if (files.length === 0) return <div className="ss-state">No Data Available</div>;
  const href = (f: ReportFile) =>
    raw ? `/api/v1/report/download/raw/reports?id=${f.id}` : `/api/v1/s3/file?id=${f.id}`;
  return (
    <table className="ss-report-files" aria-label="Report files">
      <thead>
        <tr>
          <th>Report</th>
          <th>File</th>
          <th>Status</th>
          <th className="ss-num">Rows</th>
          <th>Created</th>
          <th>Download</th>
        </tr>
      </thead>
      <tbody>
        {files.map((f) => (
          <tr key={f.id}>
            <td>{f.title}</td>
            <td>{f.fileName}</td>
            <td title={f.error ?? undefined}>
              {STATUS[f.status] ?? f.status}
              {f.status === 'running' ? ` ${f.percent}%` : ''}
            </td>
            <td className="ss-num">{formatInteger(f.rows, numberStyle)}</td>
            <td>{when(f.createdAt)}</td>
            <td>
              {f.status === 'ready' ? (
                <a href={href(f)} download={f.fileName}>
                  Download
                </a>
              ) : (
                '—'
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
