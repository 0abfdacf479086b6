import { useSnapshot } from 'valtio';
import { serializeParams } from '../api/http.js';
import { pendingExports } from './realtimeClient.js';
import { startExport } from './startExport.js';

/**
 * An export button: a click runs the export as a job (every row, progress over the socket, the
 * file downloads itself when ready); the href stays the synchronous download for 'save link as'.
 */
export function JobExportLink({
  endpoint,
  params,
  label,
  format = 'xlsx',
  ariaLabel,
}: {
  endpoint: string;
  params: Record<string, unknown>;
  label: string;
  /** The file's kind: the same rows as a workbook or as CSV. */
  format?: 'xlsx' | 'csv';
  ariaLabel?: string;
}) {
  const pending = Object.values(useSnapshot(pendingExports).files).find((f) => f.endpoint === endpoint);
  const query = serializeParams(format === 'csv' ? { ...params, format } : params);
  return (
    <a
      className="ss-btn ss-btn--ghost"
      href={`/api/v1/${endpoint}${query ? `?${query}` : ''}`}
      download
      aria-busy={pending ? true : undefined}
      aria-label={ariaLabel}
      onClick={(event) => {
        event.preventDefault();
        if (!pending) void startExport(endpoint, params, format);
      }}
    >
      {pending ? `Generating… ${pending.percent}%` : label}
    </a>
  );
}
