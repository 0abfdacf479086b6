import { useCallback, useEffect, useRef, useState } from 'react';
import type { SliceField } from '../../../../shared/config.gen.js';
import { errorMessage } from '../../../api/http.js';
import { notify } from '../../../services/toast.js';
import { NO_DATA } from '../frame/EmptyState.js';
import { FilePicker } from './FilePicker.js';
import { deleteSlice, downloadFile, listSlices, restoreSlice, type UploadSlice } from './uploadApi.js';
import { formatWhen, rowCount, sliceName, sliceText } from './uploadFormat.js';
import { UndoBanner, type Undoable } from './UndoBanner.js';

const PAGE = 20;

/**
 * The loaded slices (for channel sales: Channel, Month, Update, Download, Last Updated, Action),
 * loading the next page when scrolled to the bottom. Update re-uploads a file for the slice (a
 * file replaces exactly the slices it holds); Download gets the slice in the template's shape.
 */
export function SliceTable({
  base,
  title,
  fields,
  accept,
  version,
  busy,
  onUpload,
  canDelete = true,
}: {
  base: string;
  /** The upload's title, named in the delete's confirmation. */
  title: string;
  fields: readonly SliceField[];
  accept: readonly string[];
  version: number;
  busy: boolean;
  onUpload: (file: File) => void;
  /** False for a merge upload: its rows are a master that facts point at. */
  canDelete?: boolean;
}) {
  const [rows, setRows] = useState<UploadSlice[] | null>(null);
  const [done, setDone] = useState(false);
  const [reload, setReload] = useState(0);
  const loading = useRef(false);
  const [undoable, setUndoable] = useState<Undoable | null>(null);

  const more = useCallback(
    async (offset: number) => {
      if (loading.current) return;
      loading.current = true;
      try {
        const page = await listSlices(base, offset, PAGE);
        setRows((r) => (offset === 0 ? page : [...(r ?? []), ...page]));
        setDone(page.length < PAGE);
      } catch (error) {
        notify.error(errorMessage(error));
      } finally {
        loading.current = false;
      }
    },
    [base],
  );

  useEffect(() => {
    void more(0);
  }, [more, version, reload]);

  // A delete names what goes and can be undone until the server's time for it runs out.
  const remove = async (slice: UploadSlice) => {
    const name = sliceName(fields, slice);
    const question =
      `Delete ${title}: ${name} (${rowCount(slice.rows)})?\n\n` +
      'The analyst screens stop showing these rows. You can undo this for a while after.';
    if (!window.confirm(question)) return;
    try {
      const deleted = await deleteSlice(base, slice.slice);
      setUndoable({ ...deleted, name });
      setReload((n) => n + 1);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const undo = async (item: Undoable) => {
    try {
      notify.success(`${await restoreSlice(base, item.undo_id)}: ${item.name}`);
      setUndoable(null);
      setReload((n) => n + 1);
    } catch (error) {
      setUndoable(null);
      notify.error(errorMessage(error));
    }
  };

  const banner = undoable && (
    <UndoBanner item={undoable} onUndo={(item) => void undo(item)} onExpire={() => setUndoable(null)} />
  );

  if (rows === null) return <div className="ss-state ss-state--loading">Loading…</div>;
  if (rows.length === 0)
    return (
      <>
        {banner}
        <div className="ss-state ss-state--empty">{NO_DATA}</div>
      </>
    );
  return (
    <>
      {banner}
      <div
        className="ss-grid__scroll ss-upload__slices"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (!done && el.scrollTop + el.clientHeight >= el.scrollHeight - 4) void more(rows.length);
        }}
      >
        <table className="ss-grid">
          <thead>
            <tr>
              {fields.map((f) => (
                <th key={f.field}>{f.label}</th>
              ))}
              <th>Update</th>
              <th>Download</th>
              <th>Last Updated</th>
              <th>Action</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const name = sliceText(fields, row);
              return (
                <tr key={JSON.stringify(row.slice)}>
                  {fields.map((f) => (
                    <td key={f.field}>
                      {f.grain === 'month'
                        ? formatWhen(`${row.labels[f.field]}-01`, 'MMM YYYY')
                        : row.labels[f.field]}
                    </td>
                  ))}
                  <td>
                    <FilePicker label="Update" accept={accept} disabled={busy} onFile={onUpload} />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="ss-btn ss-btn--ghost"
                      onClick={() =>
                        void downloadFile(
                          `${base}/slices/download?slice=${encodeURIComponent(JSON.stringify(row.slice))}`,
                          `${name}.xlsx`,
                        ).catch((error: unknown) => notify.error(errorMessage(error)))
                      }
                    >
                      Download
                    </button>
                  </td>
                  <td>{formatWhen(row.updated_at)}</td>
                  <td>
                    {canDelete && (
                      <button
                        type="button"
                        className="ss-btn ss-btn--ghost"
                        aria-label={`Delete ${sliceName(fields, row)}`}
                        onClick={() => void remove(row)}
                      >
                        Delete
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
