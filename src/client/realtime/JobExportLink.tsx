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
}: {
  endpoint: string;
  params: Record<string, unknown>;
  label: string;
}) {
  const pending = Object.values(useSnapshot(pendingExports).files).find((f) => f.endpoint === endpoint);
  const query = serializeParams(params);
  return (
    <a
      className="ss-btn ss-btn--ghost"
      href={`/api/v1/${endpoint}${query ? `?${query}` : ''}`}
      download
      aria-busy={pending ? true : undefined}
      onClick={(event) => {
        event.preventDefault();
        if (!pending) void startExport(endpoint, params);
      }}
    >
      {pending ? `Generating… ${pending.percent}%` : label}
    </a>
  );
}
