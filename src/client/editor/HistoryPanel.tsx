import { useEffect, useState } from 'react';
import { errorMessage } from '../api/http.js';
import { notify } from '../services/toast.js';
import type { ConfigVersionList } from '../../shared/configEditor.js';
import type { VersionHistory } from './editorApi.js';
import { DiffView } from './DiffView.js';

interface HistoryPanelProps {
  history: VersionHistory;
  /** Changes when what serves changed (a save), so the list is read again. */
  revision: number;
  onRestored: () => void;
  /** What serves when nothing stored does: the file in git, or for an overlay the global config. */
  base?: string;
  title?: string;
}

const sizeOf = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`);

/**
 * A file's stored versions, newest first (who, when, size): choosing one shows its diff against
 * what serves now; Restore saves it again as the newest version, through the server's checks.
 * Drop stored save (the editor's files) lets the file in git serve again.
 */
export function HistoryPanel({
  history,
  revision,
  onRestored,
  base = 'The file in git',
  title,
}: HistoryPanelProps) {
  const [list, setList] = useState<ConfigVersionList | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [diff, setDiff] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    history.versions().then(
      (l) => live && setList(l),
      (err: unknown) => notify.error(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [history, revision]);

  useEffect(() => {
    setDiff(null);
    setRefused(null);
    if (chosen === null) return;
    let live = true;
    history.diff(String(chosen), 'current').then(
      (d) => live && setDiff(d.diff),
      (err: unknown) => notify.error(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [history, chosen, revision]);

  /** Runs one history action: busy while it runs, its success told, its refusal shown. */
  const act = async (work: () => Promise<unknown>, success: string) => {
    setBusy(true);
    setRefused(null);
    try {
      await work();
      notify.success(success);
      setChosen(null);
      onRestored();
    } catch (err) {
      setRefused(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const restore = (id: number) =>
    act(() => history.restore(id), `Restored version ${id}; the app serves it now.`);
  const drop = async () => {
    if (history.drop)
      await act(
        async () => history.drop?.(),
        `${base} serves again; the stored versions stay in the history.`,
      );
  };

  if (!list) return <p className="ss-editor__hint">Loading history…</p>;
  return (
    <section className="ss-history" aria-label="History">
      <h3>{title ?? `History of ${list.path}`}</h3>
      <p className="ss-history__serving">
        {list.serving === 'store'
          ? 'The newest stored version serves.'
          : list.versions[0]?.dropped
            ? `${base} serves: the stored save was dropped.`
            : list.versions.length > 0
              ? `${base} serves: it changed after the last stored version.`
              : `${base} serves; nothing is stored yet.`}
        {list.serving === 'store' && history.drop && (
          <>
            {' '}
            <button type="button" className="ss-btn" disabled={busy} onClick={() => void drop()}>
              Drop stored save
            </button>
          </>
        )}
      </p>
      {refused && chosen === null && (
        <pre className="ss-editor__refused" role="alert">
          {refused}
        </pre>
      )}
      {list.versions.length > 0 && (
        <table className="ss-history__list">
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Who</th>
              <th scope="col">When</th>
              <th scope="col">Size</th>
            </tr>
          </thead>
          <tbody>
            {list.versions.map((v) => (
              <tr
                key={v.id}
                aria-selected={v.id === chosen}
                className={v.id === chosen ? 'is-chosen' : undefined}
                onClick={() => setChosen(v.id)}
              >
                <td>
                  <button type="button" onClick={() => setChosen(v.id)}>
                    #{v.id}
                  </button>
                  {v.restoredFrom !== null && (
                    <span className="ss-history__note"> restores #{v.restoredFrom}</span>
                  )}
                  {v.dropped && <span className="ss-history__note"> drops the stored save</span>}
                </td>
                <td>{v.author ?? '—'}</td>
                <td>{new Date(v.createdAt).toLocaleString()}</td>
                <td>{sizeOf(v.size)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {chosen !== null && (
        <div className="ss-history__chosen">
          <div className="ss-history__bar">
            <span>Version #{chosen} against what serves now</span>
            {!list.versions.find((v) => v.id === chosen)?.dropped && (
              <button type="button" className="ss-btn" disabled={busy} onClick={() => void restore(chosen)}>
                {busy ? 'Restoring…' : 'Restore'}
              </button>
            )}
          </div>
          {refused && (
            <pre className="ss-editor__refused" role="alert">
              {refused}
            </pre>
          )}
          {diff !== null && <DiffView diff={diff} />}
        </div>
      )}
    </section>
  );
}
