import { http } from '../../../api/http.js';

/**
 * xlsx and CSV downloads of a list that is not a screen query (its feature writes the file at
 * `{endpoint}/export`): plain links, so the browser saves the file as it streams.
 */
export function DownloadLinks({
  endpoint,
  params = {},
  what,
}: {
  endpoint: string;
  params?: Record<string, unknown>;
  /** Named in the links' accessible names, e.g. 'changes'. */
  what: string;
}) {
  const href = (format: 'xlsx' | 'csv') =>
    http.getUri({ url: `${endpoint}/export`, params: { ...params, format } });
  return (
    <>
      <a className="ss-btn ss-btn--ghost" href={href('xlsx')} download aria-label={`Export ${what} as xlsx`}>
        Export
      </a>
      <a className="ss-btn ss-btn--ghost" href={href('csv')} download aria-label={`Export ${what} as CSV`}>
        CSV
      </a>
    </>
  );
}
