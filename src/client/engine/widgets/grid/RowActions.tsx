import { useState } from 'react';
import type { RowAction } from '../../../../shared/config.gen.js';
import { errorMessage } from '../../../api/http.js';
import { useEngine } from '../../EngineContext.js';

type Row = Record<string, unknown>;

/** The payload of a row action: the declared key fields of the row (all fields when none declared). */
export function rowActionPayload(action: RowAction, row: Row): Row {
  if (!action.keyFields) return row;
  return Object.fromEntries(action.keyFields.map((k) => [k, row[k]]));
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
  const { source } = useEngine();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (action: RowAction) => {
    if (action.confirm && !window.confirm(action.confirm)) return;
    const failure = action.failureMessage ?? 'Something went wrong. Try again.';
    setBusy(action.id);
    try {
      const res = await source.submit(
        action.endpoint,
        action.method ?? 'POST',
        rowActionPayload(action, row),
      );
      if (res.statusCode === 1) onDone(true, action.successMessage ?? res.msg);
      else onDone(false, res.msg || failure);
    } catch (err) {
      onDone(false, errorMessage(err, failure));
    } finally {
      setBusy(null);
    }
  };
  return (
    <span className="ss-row-actions">
      {actions.map((a) => (
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
