import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type {
  ActionsWidget as ActionsConfig,
  DownloadAction,
  UploadAction,
} from '../../../../shared/config.gen.js';
import { dataQueryParams, type FilterRules, type FilterState } from '../../../../shared/filters/index.js';
import { errorMessage, http } from '../../../api/http.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { WidgetFrame } from '../frame/WidgetFrame.js';
import { JobExportLink } from '../../../realtime/JobExportLink.js';

/** Upload and download buttons of a screen (row actions live on the grid). */
export function ActionsWidget({ config }: { config: ActionsConfig }) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <WidgetFrame title={config.title} kind="actions" status="ready">
      <div className="ss-actions">
        {config.items.map((item) =>
          item.kind === 'download' ? (
            <DownloadButton key={item.id} action={item} />
          ) : item.kind === 'upload' ? (
            <UploadButton key={item.id} action={item} onDone={setMessage} />
          ) : null,
        )}
      </div>
      {message && (
        <div className={`ss-banner ${message.ok ? 'ss-banner--ok' : 'ss-banner--error'}`}>{message.text}</div>
      )}
    </WidgetFrame>
  );
}

function DownloadButton({ action }: { action: DownloadAction }) {
  const { screen, store } = useEngine();
  const snap = useSnapshot(store);
  const fields = (screen.filters ?? []).flatMap((f) => ('field' in f ? [f.field] : []));
  const params =
    action.withFilters === false
      ? {}
      : dataQueryParams(snap.filters as FilterState, fields, snap.defaults.rules as FilterRules);
  delete params.limit;
  delete params.offset;
  return <JobExportLink endpoint={action.endpoint} params={params} label={action.label} />;
}

function UploadButton({
  action,
  onDone,
}: {
  action: UploadAction;
  onDone: (m: { ok: boolean; text: string }) => void;
}) {
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    const ext = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
    if (action.accept.length && !action.accept.includes(ext))
      return onDone({ ok: false, text: 'Invalid File' });
    const body = new FormData();
    body.append('file', file);
    setBusy(true);
    try {
      const res = await http.post<{ statusCode: number; msg: string }>(action.endpoint, body);
      const ok = res.data.statusCode === 1;
      onDone({
        ok,
        text: ok
          ? (action.successMessage ?? res.data.msg)
          : res.data.msg || (action.failureMessage ?? 'Upload failed'),
      });
    } catch (err) {
      onDone({ ok: false, text: errorMessage(err, action.failureMessage) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <label className="ss-btn ss-btn--ghost">
      {busy ? 'Uploading…' : action.label}
      <input
        type="file"
        hidden
        accept={action.accept.join(',')}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
          e.target.value = '';
        }}
      />
    </label>
  );
}
