import { useState } from 'react';
import type { RowAction } from '../../../../shared/config.gen.js';
import { errorMessage } from '../../../api/http.js';
import { followMailerRun } from '../../../realtime/realtimeClient.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { mutationEndpoint } from '../form/mutationCalls.js';
import { openOverlay } from '../overlay/overlayStore.js';

type Row = Record<string, unknown>;

/** The row as a mutation sees it: its id read from `idField` when the grid's rows name it so. */
export function rowWithId(action: RowAction, row: Row): Row {
  return action.idField ? { ...row, id: row[action.idField] } : row;
}

/** Body field <- row field, as the action's `with` names them. */
function withFields(action: RowAction, row: Row): Row {
  return Object.fromEntries(
    Object.entries(action.with ?? {}).map(([field, from]) => [field, from === undefined ? null : row[from]]),
  );
}

/** What an overlay's form starts from: the row, plus the create form's fields `with` fills from it. */
export function overlayStart(action: RowAction, row: Row): Row {
  return { ...rowWithId(action, row), ...withFields(action, row) };
}

/**
 * The payload of a row action: a create mutation gets the row fields its `with` names, another
 * mutation the row as read (id, updated_at), an endpoint the fields its `payload` renames, else
 * the declared key fields (all without).
 */
export function rowActionPayload(action: RowAction, row: Row): Row {
  if (action.mutation && action.with) return withFields(action, row);
  if (action.mutation) return { id: rowWithId(action, row).id, updated_at: row.updated_at };
  if (action.payload)
    return Object.fromEntries(
      Object.entries(action.payload).map(([k, f]) => [k, f === undefined ? f : row[f]]),
    );
  if (!action.keyFields) return row;
  return Object.fromEntries(action.keyFields.map((k) => [k, row[k]]));
}

/** The confirmation text with {field} replaced by the row's values, under its title when set. */
export function confirmText(action: RowAction, row: Row): string | null {
  if (!action.confirm) return null;
  const text = action.confirm.replace(/\{(\w+)\}/g, (_, f: string) =>
    JSON.stringify(row[f] ?? '').replace(/^"|"$/g, ''),
  );
  return action.confirmTitle ? `${action.confirmTitle}\n\n${text}` : text;
}

/** A row action shows on the rows its condition matches (all rows without one). */
export function rowActionVisible(action: RowAction, row: Row): boolean {
  return !action.visibleWhen || row[action.visibleWhen.field] === action.visibleWhen.equals;
}

/** Buttons of a grid row; each calls its endpoint with the row's key fields, after a confirm if set. */
export function RowActions({
  actions,
  row,
  onDone,
}: {
  actions: readonly RowAction[];
  row: Row;
  onDone: (ok: boolean, message: string) => void;
}) {
  const { source, screen } = useEngine();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (action: RowAction) => {
    if (action.overlay) return openOverlay(action.overlay, overlayStart(action, row));
    const question = confirmText(action, row);
    if (question && !window.confirm(question)) return;
    const endpoint = action.mutation ? mutationEndpoint(screen, action.mutation) : (action.endpoint ?? '');
    const failure = action.failureMessage ?? 'Something went wrong. Try again.';
    setBusy(action.id);
    try {
      const res = await source.submit(
        endpoint,
        action.mutation ? 'POST' : (action.method ?? 'POST'),
        rowActionPayload(action, row),
      );
      if (res.statusCode === 1) {
        onDone(true, action.successMessage ?? res.msg);
        const runId = (res.data as { id?: unknown } | undefined)?.id;
        if (action.follow === 'mailerRun' && typeof runId === 'number')
          followMailerRun(runId, typeof row.name === 'string' ? row.name : `Run ${runId}`);
      } else onDone(false, res.msg || failure);
    } catch (err) {
      onDone(false, errorMessage(err, failure));
    } finally {
      setBusy(null);
    }
  };
  return (
    <span className="ss-row-actions">
      {actions
        .filter((a) => rowActionVisible(a, row))
        .map((a) => (
          <button
            key={a.id}
            type="button"
            className="ss-link-btn"
            disabled={busy !== null}
            onClick={() => void run(a)}
          >
            {busy === a.id ? '…' : a.label}
          </button>
        ))}
    </span>
  );
}
