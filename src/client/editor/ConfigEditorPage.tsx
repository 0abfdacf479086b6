import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AxiosError } from 'axios';
import { errorMessage } from '../api/http.js';
import { notify } from '../services/toast.js';
import type { ConfigFileEntry, EditorProblem } from '../../shared/configEditor.js';
import type { Envelope } from '../../shared/envelope.js';
import { editorApi } from './editorApi.js';
import { datasetIdsOf, screenDatasetOf, withDatasetIds } from './datasetCompletion.js';
import { FileList } from './FileList.js';
import { JsonEditor } from './JsonEditor.js';
import { ProblemList } from './ProblemList.js';
import { DraftPreview } from './DraftPreview.js';
import { useDraftCheck } from './useDraftCheck.js';
import { HistoryPanel } from './HistoryPanel.js';
import './configEditor.css';

interface OpenFile {
  entry: ConfigFileEntry;
  saved: string;
  /** Which read of the file this is: a restore reads it again and the editor starts from it. */
  load: number;
}

const schemas = new Map<string, Promise<object>>();
const schemaOf = (kind: ConfigFileEntry['kind']) => {
  if (!schemas.has(kind)) schemas.set(kind, editorApi.schema(kind));
  return schemas.get(kind)!;
};

/**
 * /workspace/config/editor: product staff edit one config file with the language's completion
 * and hover docs, see the server validator's problems at their lines and a live preview of the
 * draft on real data, and save through the server (validated again, audited, hot reloaded).
 */
function ConfigEditorPage() {
  const [params, setParams] = useSearchParams();
  const path = params.get('file');
  const [files, setFiles] = useState<ConfigFileEntry[]>([]);
  const [open, setOpen] = useState<OpenFile | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [schema, setSchema] = useState<object | null>(null);
  const [refused, setRefused] = useState<{ text: string; problems: EditorProblem[]; msg: string } | null>(
    null,
  );
  const [saving, setSaving] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  // Moves on every save and restore: the files and the history are listed again.
  const [revision, setRevision] = useState(0);
  // Moves on a restore: the file is read again into a fresh editor.
  const [reload, setReload] = useState(0);
  // The open file's entry as text: a new list of files (after a save) does not read the file again.
  const listed = files.find((f) => f.path === path);
  const entryKey = listed
    ? JSON.stringify({ path: listed.path, kind: listed.kind, area: listed.area, id: listed.id })
    : null;
  const { check, lastValid, error } = useDraftCheck(open?.entry.path ?? null, text);
  const history = useMemo(() => (path ? editorApi.history(path) : null), [path]);

  useEffect(() => {
    editorApi.files().then(setFiles, (err: unknown) => notify.error(errorMessage(err)));
  }, [revision]);

  useEffect(() => {
    if (entryKey === null) return;
    const entry = JSON.parse(entryKey) as ConfigFileEntry;
    let live = true;
    Promise.all([editorApi.read(entry.path), schemaOf(entry.kind)]).then(
      ([saved, fileSchema]) => {
        if (!live) return;
        setOpen({ entry, saved, load: reload });
        setText(saved);
        setSchema(fileSchema);
        setRefused(null);
        // A screen's measure and dimension ids complete too: one read of its dataset file.
        const dataset = entry.kind === 'screen' ? screenDatasetOf(saved) : null;
        if (dataset)
          editorApi.read(`datasets/${dataset}.dataset.json`).then(
            (ds) => {
              if (live) setSchema(withDatasetIds(fileSchema, datasetIdsOf(ds)));
            },
            () => undefined, // no such dataset file: the checker says so; keys still complete
          );
      },
      (err: unknown) => notify.error(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [entryKey, reload]);

  const save = useCallback(async () => {
    if (!open || text === null) return;
    setSaving(true);
    try {
      const answer = await editorApi.save(open.entry.path, text);
      setOpen({ ...open, saved: text });
      setRefused(null);
      setRevision((r) => r + 1);
      notify.success(
        answer.reloaded ? `Saved ${answer.path}; the app serves it now.` : `Saved ${answer.path}.`,
      );
    } catch (err) {
      const body = (err as AxiosError<Envelope<{ problems?: EditorProblem[] }>>).response?.data;
      setRefused({ text, problems: body?.data?.problems ?? [], msg: errorMessage(err) });
    } finally {
      setSaving(false);
    }
  }, [open, text]);

  const current = check && check.path === open?.entry.path && check.text === text ? check : null;
  const problems = refused?.text === text ? refused.problems : (current?.answer.problems ?? []);
  const dirty = open !== null && text !== open.saved;
  const status = !current
    ? 'Checking…'
    : problems.length === 0
      ? 'Valid'
      : `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  const preview = lastValid && lastValid.path === open?.entry.path ? lastValid : null;

  return (
    <div className="ss-editor">
      <FileList files={files} selected={path} onSelect={(p) => setParams({ file: p })} />
      <section className="ss-editor__main" aria-label="Editor">
        {open && text !== null ? (
          <>
            <header className="ss-editor__bar">
              <h2>{open.entry.path}</h2>
              <span
                className={`ss-editor__status${problems.length ? ' is-bad' : current ? ' is-good' : ''}`}
                role="status"
              >
                {error ?? status}
              </span>
              <button
                type="button"
                className="ss-btn ss-btn--ghost"
                aria-pressed={showHistory}
                onClick={() => setShowHistory(!showHistory)}
              >
                History
              </button>
              <button
                type="button"
                className="ss-btn"
                disabled={!dirty || saving}
                onClick={() => void save()}
              >
                {saving ? 'Saving…' : 'Save'}
              </button>
            </header>
            {refused?.text === text && (
              <p className="ss-editor__refused" role="alert">
                {refused.msg.split('\n')[0]}
              </p>
            )}
            <JsonEditor
              key={`${open.entry.path}#${open.load}`}
              label={`${open.entry.path} (JSON)`}
              initial={open.saved}
              schema={schema}
              checked={refused?.text === text ? refused : current ? { text: current.text, problems } : null}
              onChange={setText}
            />
            <ProblemList problems={problems} />
          </>
        ) : (
          <p className="ss-editor__hint">Choose an area, screen or dataset file to edit it.</p>
        )}
      </section>
      <section className="ss-editor__preview" aria-label={showHistory ? 'History' : 'Preview'}>
        {showHistory && history ? (
          <HistoryPanel
            history={history}
            revision={revision}
            onRestored={() => {
              setRevision((r) => r + 1);
              setReload((r) => r + 1);
            }}
          />
        ) : preview ? (
          <>
            {current && !current.answer.valid && (
              <p className="ss-editor__stale">Preview of the last valid draft.</p>
            )}
            <DraftPreview draftId={preview.draftId} area={preview.area} screen={preview.screen} />
          </>
        ) : (
          <p className="ss-editor__hint">The preview shows the screen once the file is valid.</p>
        )}
      </section>
    </div>
  );
}

export default ConfigEditorPage;
