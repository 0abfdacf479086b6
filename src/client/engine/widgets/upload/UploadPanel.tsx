import './upload.css';
import { useState } from 'react';
import type { UploadPanelWidget } from '../../../../shared/config.gen.js';
import { errorMessage } from '../../../api/http.js';
import { notify } from '../../../services/toast.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { formatInteger } from '../../../../shared/format/index.js';
import { screenActions } from '../../state/screenStore.js';
import { WidgetFrame } from '../frame/WidgetFrame.js';
import { FilePicker } from './FilePicker.js';
import { SliceTable } from './SliceTable.js';
import { downloadFile, uploadBase } from './uploadApi.js';
import { UploadHistory } from './UploadHistory.js';
import { useUploadFile } from './useUploadFile.js';

/** The spec's texts around the template download (§5 "Other text"). */
export const DOWNLOADING_TEMPLATE = 'Downloading the template.';
export const TEMPLATE_DOWNLOADED = 'Sheet Downloaded Successfully.';
/** Ours: the spec names no text for the data file's start; its end is the spec's sheet text. */
const DOWNLOADING_DATA = 'Downloading the data file.';

/**
 * One declared upload on a screen: template download, file upload with progress and verdict
 * (the error file of a rejected file), the loaded slices and the history. Everything it shows
 * comes from the screen's upload declaration; it knows no domain words.
 */
export function UploadPanel({ config }: { config: UploadPanelWidget }) {
  const { screen, store, numberStyle } = useEngine();
  const declaration = screen.uploads?.find((u) => u.id === config.upload);
  const [version, setVersion] = useState(0);
  const base = uploadBase(screen.area, screen.id, config.upload);
  // A load changes what the screen's queries read (products/data's grid): they read again.
  const { state, upload } = useUploadFile(base, declaration?.accept ?? [], () => {
    setVersion((v) => v + 1);
    screenActions.dataChanged(store);
  });
  if (!declaration) {
    return (
      <WidgetFrame
        title={config.title}
        kind="uploadPanel"
        status="error"
        error={`Unknown upload "${config.upload}"`}
      />
    );
  }
  const template = async () => {
    notify.info(DOWNLOADING_TEMPLATE);
    try {
      await downloadFile(`${base}/template`, `${declaration.title} template.xlsx`);
      notify.success(TEMPLATE_DOWNLOADED);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  const dataFile = async () => {
    notify.info(DOWNLOADING_DATA);
    try {
      await downloadFile(`${base}/data`, `${declaration.title}.xlsx`);
      notify.success(TEMPLATE_DOWNLOADED);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  const actions = (
    <>
      <button type="button" className="ss-btn ss-btn--ghost" onClick={() => void template()}>
        Download Template
      </button>
      {declaration.dataFile && (
        <button type="button" className="ss-btn ss-btn--ghost" onClick={() => void dataFile()}>
          {declaration.dataFile}
        </button>
      )}
      <FilePicker
        label={state.busy ? 'Uploading…' : 'Upload'}
        accept={declaration.accept}
        disabled={state.busy}
        onFile={(f) => void upload(f)}
      />
    </>
  );
  const result = state.result;
  return (
    <WidgetFrame
      title={config.title ?? declaration.title}
      kind="uploadPanel"
      status="ready"
      actions={actions}
    >
      <p className="ss-muted">Accepted: {declaration.accept.join(', ')}</p>
      {state.busy && (
        <div className="ss-banner" role="status">
          Sheet is uploading.
          {state.progress ? ` ${formatInteger(state.progress, numberStyle)} rows validated.` : ''}
          {state.loading ? ' Loading.' : ''}
        </div>
      )}
      {result && (
        <div
          className={`ss-banner ${result.ok ? 'ss-banner--ok' : 'ss-banner--error'}`}
          role={result.ok ? 'status' : 'alert'}
        >
          {result.message}{' '}
          {!result.ok && result.data?.runId !== undefined && (
            <button
              type="button"
              className="ss-link-btn"
              onClick={() =>
                void downloadFile(
                  `${base}/runs/${result.data!.runId}/errors`,
                  `errors-${result.data!.runId}.xlsx`,
                )
              }
            >
              Download error file
            </button>
          )}
        </div>
      )}
      <h3 className="ss-upload__heading">Loaded data</h3>
      <SliceTable
        base={base}
        title={declaration.title}
        fields={declaration.target.replace}
        accept={declaration.accept}
        version={version}
        busy={state.busy}
        onUpload={(f) => void upload(f)}
        canDelete={!declaration.target.merge}
      />
      <h3 className="ss-upload__heading">Upload history</h3>
      <UploadHistory base={base} version={version} />
    </WidgetFrame>
  );
}
